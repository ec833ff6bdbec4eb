import type { SignInChallenge } from '@pc/proto/accounts/v1/accounts';
import { hashToken, newSecretToken } from '../domain/secret-token.js';
import type { UserRecord } from '../domain/user-record.js';
import { signInMetrics } from '../security/sign-in-metrics.js';
import type { SignInChallengeRepository } from '../store/sign-in-challenge-repository.js';

/** Long enough to open the app and type, short enough that a stolen password alone waits for nothing. */
export const CHALLENGE_MINUTES = 5;
/** Wrong codes one challenge takes before the password must be typed again. */
export const CHALLENGE_WRONG_CODES = 5;

/**
 * The first step of a sign-in passed (the password, or a reset link and a new password) for a
 * user with two-step sign-in on: no session yet, but a challenge the second step takes (ADR 153).
 */
export async function signInChallenge(
  deps: { readonly challenges: SignInChallengeRepository; readonly clock: () => Date },
  user: UserRecord,
  remember: boolean,
): Promise<SignInChallenge> {
  const now = deps.clock();
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000);
  await deps.challenges.create({
    _id: hashToken(token),
    userId: user._id,
    remember,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    wrongCodes: 0,
  });
  signInMetrics.outcome('two_step_asked');
  return { token, expiresAt };
}
