import type { Logger } from 'pino';
import { ConflictError, UnauthenticatedError } from '@pc/kit/errors/domain-errors';
import { acceptedStep, isAppCode, recoveryCodeHash, type TwoStepRecord } from '../domain/two-step.js';
import type { SecretBox } from '../security/secret-box.js';
import type { StoredUser, UserRepository } from '../store/user-repository.js';

/** What a code did: the user as stored after spending it, and whether it was a recovery code. */
export interface SpentCode {
  readonly user: StoredUser;
  readonly recoveryCodeUsed: boolean;
}

export interface TwoStepCodeDependencies {
  readonly users: UserRepository;
  readonly secrets: SecretBox;
  readonly clock: () => Date;
  readonly logger: Logger;
}

/** UNAUTHENTICATED INVALID_CODE, with the attempts left when known. */
export const invalidCode = (attemptsLeft?: number) =>
  new UnauthenticatedError('that code is not right', {
    reason: 'INVALID_CODE',
    ...(attemptsLeft === undefined ? {} : { metadata: { attempts_left: String(Math.max(0, attemptsLeft)) } }),
  });

/**
 * Checks a code of a user whose two-step sign-in is on and spends it in the same write: an app
 * code's step becomes the last taken (the same code, or an older one, never signs in again), a
 * recovery code is removed. The write is conditioned on the user's version, so two requests with
 * one code cannot both pass. Null when the code is not right (or was spent meanwhile).
 * `recovery` says whether a recovery code may stand in for the app's.
 */
export async function spendCode(
  deps: TwoStepCodeDependencies,
  user: StoredUser,
  code: string,
  recovery: boolean,
): Promise<SpentCode | null> {
  const twoStep = user.twoStep;
  if (!twoStep) return null;
  let next: TwoStepRecord;
  if (isAppCode(code)) {
    const secret = openSecret(deps, user, twoStep);
    if (secret === null) return null;
    const step = acceptedStep(secret, code, deps.clock(), twoStep.lastStep);
    if (step === null) return null;
    // A secret sealed with a rotated-out key is sealed again with the current one as it is used.
    const sealed = deps.secrets.sealedWithOlderKey(twoStep.secret)
      ? deps.secrets.seal(secret, user._id)
      : twoStep.secret;
    next = { ...twoStep, secret: sealed, lastStep: step };
  } else {
    const hash = recoveryCodeHash(code);
    if (!recovery || !twoStep.recoveryCodes.includes(hash)) return null;
    next = { ...twoStep, recoveryCodes: twoStep.recoveryCodes.filter((stored) => stored !== hash) };
  }
  try {
    const stored = await deps.users.put({ ...user, twoStep: next }, user._version);
    return { user: stored, recoveryCodeUsed: !isAppCode(code) };
  } catch (error) {
    if (error instanceof ConflictError) return null;
    throw error;
  }
}

/**
 * The app's secret, or null when no key this service holds opens it (a sealing key lost without a
 * copy): the user can still sign in with a recovery code, and operators read why in the log.
 */
function openSecret(deps: TwoStepCodeDependencies, user: StoredUser, twoStep: TwoStepRecord): string | null {
  try {
    return deps.secrets.open(twoStep.secret, user._id);
  } catch (error) {
    deps.logger.error(
      { err: error, userId: user._id },
      'a two-step secret does not open: is ACCOUNTS_SEAL_KEY the key it was sealed with?',
    );
    return null;
  }
}
