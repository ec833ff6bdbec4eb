import type {
  GetSessionRequest,
  GetSessionResponse,
  LoginRequest,
  LoginResponse,
  LogoutRequest,
  LogoutResponse,
} from '@pc/proto/accounts/v1/accounts';
import {
  InvalidArgumentError,
  PermissionDeniedError,
  RateLimitedError,
  UnauthenticatedError,
} from '@pc/kit/errors/domain-errors';
import { FieldChecks } from '../domain/field-checks.js';
import { hashToken } from '../domain/secret-token.js';
import { isExpired, sessionExpiry } from '../domain/session-record.js';
import { isLive } from '../domain/user-record.js';
import { signInMetrics } from '../security/sign-in-metrics.js';
import type { StoredUser } from '../store/user-repository.js';
import { signInChallenge } from '../workflows/sign-in-challenges.js';
import type { AccountsDependencies } from './dependencies.js';
import { sessionMessage, userMessage } from './messages.js';

/** Spec §8 "login failed (credentials do not match)": the same answer for an unknown e-mail. */
export const invalidCredentials = (attemptsLeft?: number) =>
  new UnauthenticatedError('these credentials do not match our records', {
    reason: 'INVALID_CREDENTIALS',
    ...(attemptsLeft === undefined ? {} : { metadata: { attempts_left: String(attemptsLeft) } }),
  });

/** A user staff locked out (AccountsStaffService.LockUser): told only after the right password. */
export const accountLocked = () =>
  new PermissionDeniedError('this account is locked: contact support', { reason: 'ACCOUNT_LOCKED' });

/**
 * A signed-in user proving it is them (password change, e-mail change, self-deletion): the
 * password, throttled per `scope` as a sign-in is; UNAUTHENTICATED INVALID_CREDENTIALS when wrong.
 */
export async function provePassword(
  deps: AccountsDependencies,
  user: StoredUser,
  password: string,
  scope: string,
  ip: string,
): Promise<void> {
  const { attemptsLeft } = await deps.throttle.attempt(scope, user.email, ip);
  if (!(await deps.hasher.verify(user.passwordHash, password))) throw invalidCredentials(attemptsLeft);
}

/**
 * Checks e-mail and password behind the throttle. Unknown e-mails and deleted users cost one
 * KDF verification like a real user, so neither the answer nor its time tells them apart.
 */
export async function verifyCredentials(
  deps: AccountsDependencies,
  email: string,
  password: string,
  ip: string,
): Promise<StoredUser> {
  const { attemptsLeft } = await deps.throttle.attempt('login', email, ip);
  const user = await deps.users.getByEmail(email);
  const matches =
    isLive(user) && user.passwordHash
      ? await deps.hasher.verify(user.passwordHash, password)
      : await deps.hasher.verifyNobody(password);
  if (!matches || !user) throw invalidCredentials(attemptsLeft);
  if (user.lockedAt) throw accountLocked();
  if (deps.hasher.needsRehash(user.passwordHash)) {
    // Stronger KDF parameters since this hash was made: upgrade it now that the password is known.
    const rehashed = { ...user, passwordHash: await deps.hasher.hash(password) };
    return deps.users.put(rehashed, user._version).catch(() => user);
  }
  return user;
}

export async function login(request: LoginRequest, deps: AccountsDependencies): Promise<LoginResponse> {
  const checks = new FieldChecks();
  const email = checks.email('email', request.email);
  const password = checks.presentPassword('password', request.password);
  checks.done();
  const user = await verifyCredentials(deps, email, password, request.client?.ip ?? '').catch((error: unknown) => {
    if (error instanceof RateLimitedError) signInMetrics.outcome('throttled');
    else if (error instanceof UnauthenticatedError) signInMetrics.outcome('invalid_credentials');
    throw error;
  });
  // Two-step sign-in on: no session before the app's code (ADR 153).
  if (user.twoStep) return { twoStep: await signInChallenge(deps, user, request.rememberMe) };
  signInMetrics.outcome('success');
  const session = await deps.issuer.issue(user._id, request.rememberMe, request.client);
  await deps.signInNotice.signedIn(user, request.client);
  return { user: userMessage(user), session: sessionMessage(session.record, session.token) };
}

/** Logging out is idempotent: an unknown or expired token ends nothing. */
export async function logout(request: LogoutRequest, deps: AccountsDependencies): Promise<LogoutResponse> {
  if (!request.sessionToken) return { ended: 0 };
  const session = await deps.sessions.byTokenHash(hashToken(request.sessionToken));
  if (!session) return { ended: 0 };
  if (request.allSessions) return { ended: await deps.sessions.deleteForUser(session.userId) };
  return { ended: (await deps.sessions.delete(session._id)) ? 1 : 0 };
}

/** Session boot: the token's user, or UNAUTHENTICATED SESSION_UNKNOWN / SESSION_EXPIRED. */
export async function getSession(request: GetSessionRequest, deps: AccountsDependencies): Promise<GetSessionResponse> {
  if (!request.sessionToken)
    throw new InvalidArgumentError([{ field: 'session_token', reason: 'is required', rule: 'required' }]);
  const now = deps.clock();
  const session = await deps.sessions.byTokenHash(hashToken(request.sessionToken));
  if (!session) throw new UnauthenticatedError('no such session', { reason: 'SESSION_UNKNOWN' });
  if (isExpired(session, now)) {
    await deps.sessions.delete(session._id);
    throw new UnauthenticatedError('the session has expired', { reason: 'SESSION_EXPIRED' });
  }
  const user = await deps.users.get(session.userId);
  if (!isLive(user) || user.lockedAt) {
    await deps.sessions.delete(session._id);
    throw new UnauthenticatedError('no such session', { reason: 'SESSION_UNKNOWN' });
  }
  const current = request.touch
    ? ((await deps.sessions.touch(session._id, now.toISOString(), sessionExpiry(session.remember, now))) ?? session)
    : session;
  return { user: userMessage(user), session: sessionMessage(current) };
}
