import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  RequestPasswordResetRequest,
  RequestPasswordResetResponse,
  ResetPasswordRequest,
  ResetPasswordResponse,
} from '@pc/proto/accounts/v1/accounts';
import { InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { FieldChecks } from '../domain/field-checks.js';
import { hashToken, newSecretToken, tokenMatches } from '../domain/secret-token.js';
import { RESET_PAGE, SiteLinks } from '../domain/site-links.js';
import { isLive, type UserRecord } from '../domain/user-record.js';
import { oncePer } from '../security/login-throttle.js';
import type { StoredUser } from '../store/user-repository.js';
import { signInChallenge } from '../workflows/sign-in-challenges.js';
import { requireActor } from './actor.js';
import type { AccountsDependencies } from './dependencies.js';
import { sessionMessage, userMessage } from './messages.js';
import { provePassword } from './sign-in.js';

/** Spec §8 "token invalid or expired": one answer for a wrong, used, expired or foreign token. */
const tokenInvalid = () =>
  new InvalidArgumentError(
    [{ field: 'token', reason: 'this password reset token is invalid or expired', rule: 'invalid' }],
    { reason: 'TOKEN_INVALID_OR_EXPIRED' },
  );

/** Checks the current password (throttled like a login), sets the new one, ends the other sessions. */
export async function changePassword(
  request: ChangePasswordRequest,
  deps: AccountsDependencies,
): Promise<ChangePasswordResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const checks = new FieldChecks();
  const current = checks.presentPassword('current_password', request.currentPassword);
  const password = checks.newPassword('password', request.password, request.passwordConfirmation);
  checks.done();
  await provePassword(deps, actor, current, 'password', request.client?.ip ?? '');
  const now = deps.clock().toISOString();
  await deps.users.put(
    { ...actor, passwordHash: await deps.hasher.hash(password), passwordReset: null, updatedAt: now },
    actor._version,
  );
  return { sessionsEnded: await deps.sessions.deleteForUser(actor._id, request.keepSessionId) };
}

/**
 * E-mails a reset link. No user enumeration (issue 6): the answer and the work are the same
 * whether the address has an account — a link for a user, otherwise a mail saying there is no
 * user with that email (spec §8's text reaches only the address's owner). One mail per address
 * a minute.
 */
export async function requestPasswordReset(
  request: RequestPasswordResetRequest,
  deps: AccountsDependencies,
): Promise<RequestPasswordResetResponse> {
  const checks = new FieldChecks();
  const email = checks.email('email', request.email);
  const language = checks.language('language', request.language);
  const base = deps.links.base(checks, 'reset_url', request.resetUrl, RESET_PAGE);
  checks.done();
  await oncePer(deps.cache, `reset-mail:${email}`, 60_000, 'a password reset link');
  const user = await deps.users.getByEmail(email);
  if (!isLive(user)) {
    await deps.mails.noAccount(email, language || 'en');
    return { expiresInMinutes: deps.resetTokenMinutes };
  }
  await deps.mails.passwordReset(
    user.email,
    user.name,
    language || user.language,
    await newResetLink(deps, user, base),
    deps.resetTokenMinutes,
  );
  return { expiresInMinutes: deps.resetTokenMinutes };
}

/** A fresh reset link for the user (the previous one stops working): its token's hash and expiry stored, the URL returned. */
export async function newResetLink(deps: AccountsDependencies, user: StoredUser, base: string): Promise<string> {
  const now = deps.clock();
  const token = newSecretToken();
  const passwordReset = {
    hash: hashToken(token),
    expiresAt: new Date(now.getTime() + deps.resetTokenMinutes * 60_000).toISOString(),
    sentAt: now.toISOString(),
  };
  // A read-modify-write: the caller's copy may be a version behind.
  const stored = await deps.users.collection.update(user._id, (current): UserRecord | null =>
    current ? { ...current, passwordReset } : null,
  );
  if (!stored) throw new NotFoundError('user', user._id);
  return SiteLinks.withParams(base, { token, email: user.email });
}

/** Sets a new password with a reset token (once), ends every session and signs in. */
export async function resetPassword(
  request: ResetPasswordRequest,
  deps: AccountsDependencies,
): Promise<ResetPasswordResponse> {
  const checks = new FieldChecks();
  const email = checks.email('email', request.email);
  const password = checks.newPassword('password', request.password, request.passwordConfirmation);
  if (!request.token) checks.add('token', 'is required', 'required');
  checks.done();
  await deps.throttle.attempt('reset', email, request.client?.ip ?? '');
  const user = await deps.users.getByEmail(email);
  const now = deps.clock();
  const reset = isLive(user) ? user.passwordReset : null;
  if (!user || !reset || reset.expiresAt <= now.toISOString() || !tokenMatches(request.token, reset.hash))
    throw tokenInvalid();
  const next: UserRecord = {
    ...user,
    passwordHash: await deps.hasher.hash(password),
    passwordReset: null,
    // Following the e-mailed link proves the address is the user's.
    emailVerifiedAt: user.emailVerifiedAt ?? now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const stored = await deps.users.put(next, user._version);
  await deps.sessions.deleteForUser(user._id);
  // A reset link proves the mailbox, not the phone: two-step sign-in still asks for the app's code.
  if (stored.twoStep) return { twoStep: await signInChallenge(deps, stored, request.rememberMe) };
  const session = await deps.issuer.issue(user._id, request.rememberMe, request.client);
  return { user: userMessage(stored), session: sessionMessage(session.record, session.token) };
}
