import type { CompleteSignInRequest, CompleteSignInResponse } from '@pc/proto/accounts/v1/accounts';
import { UnauthenticatedError } from '@pc/kit/errors/domain-errors';
import { FieldChecks } from '../domain/field-checks.js';
import { hashToken } from '../domain/secret-token.js';
import { TWO_STEP_PAGE } from '../domain/site-links.js';
import { isLive } from '../domain/user-record.js';
import { signInMetrics } from '../security/sign-in-metrics.js';
import { CHALLENGE_WRONG_CODES } from '../workflows/sign-in-challenges.js';
import { invalidCode, spendCode } from '../workflows/two-step-codes.js';
import type { AccountsDependencies } from './dependencies.js';
import { sessionMessage, userMessage } from './messages.js';
import { accountLocked } from './sign-in.js';

const challengeExpired = () =>
  new UnauthenticatedError('this sign-in has expired: sign in again', { reason: 'CHALLENGE_EXPIRED' });

/**
 * The second step: the app's code (or a recovery code) for a live challenge signs in, as Login
 * would have. Every code is throttled as a sign-in is (per address and IP), and a challenge
 * ends after five wrong ones, so guessing six digits needs the password again and again.
 */
export async function completeSignIn(
  request: CompleteSignInRequest,
  deps: AccountsDependencies,
): Promise<CompleteSignInResponse> {
  const checks = new FieldChecks();
  const token = checks.id('challenge_token', request.challengeToken);
  const code = checks.appOrRecoveryCode('code', request.code);
  checks.done();
  const id = hashToken(token);
  const challenge = await deps.challenges.get(id);
  if (!challenge) throw challengeExpired();
  const user = await deps.users.get(challenge.userId);
  if (challenge.expiresAt <= deps.clock().toISOString() || !isLive(user) || !user.twoStep) {
    await deps.challenges.delete(id);
    throw challengeExpired();
  }
  if (user.lockedAt) {
    await deps.challenges.delete(id);
    throw accountLocked();
  }
  const { attemptsLeft } = await deps.throttle.attempt('two-step', user.email, request.client?.ip ?? '');
  const spent = await spendCode(deps, user, code, true);
  if (!spent) {
    signInMetrics.outcome('invalid_code');
    const left = CHALLENGE_WRONG_CODES - (await deps.challenges.wrongCode(id));
    if (left <= 0) await deps.challenges.delete(id);
    throw invalidCode(Math.min(left, attemptsLeft));
  }
  // Used once: a second request with the same challenge finds it gone.
  if (!(await deps.challenges.delete(id))) throw challengeExpired();
  signInMetrics.outcome('success');
  const session = await deps.issuer.issue(user._id, challenge.remember, request.client);
  await deps.signInNotice.signedIn(spent.user, request.client);
  const left = spent.user.twoStep?.recoveryCodes.length ?? 0;
  if (spent.recoveryCodeUsed) await deps.mails.recoveryCodeUsed(spent.user, left, deps.links.page(TWO_STEP_PAGE));
  return {
    user: userMessage(spent.user),
    session: sessionMessage(session.record, session.token),
    recoveryCodeUsed: spent.recoveryCodeUsed,
    recoveryCodesLeft: left,
  };
}
