import type {
  ResendVerificationRequest,
  ResendVerificationResponse,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '@pc/proto/accounts/v1/accounts';
import { FailedPreconditionError, InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { FieldChecks } from '../domain/field-checks.js';
import { tokenMatches } from '../domain/secret-token.js';
import { VERIFY_PAGE } from '../domain/site-links.js';
import { requireActor } from './actor.js';
import { linkedUser } from './linked-user.js';
import type { AccountsDependencies } from './dependencies.js';
import { userMessage } from './messages.js';

const tokenInvalid = () =>
  new InvalidArgumentError(
    [{ field: 'token', reason: 'this verification link is invalid or expired', rule: 'invalid' }],
    { reason: 'TOKEN_INVALID_OR_EXPIRED' },
  );

/** Marks the e-mail verified from the link's token; already verified is success. */
export async function verifyEmail(
  request: VerifyEmailRequest,
  deps: AccountsDependencies,
): Promise<VerifyEmailResponse> {
  const user = await linkedUser(request, deps.users);
  if (user.emailVerifiedAt) return { user: userMessage(user) };
  const now = deps.clock().toISOString();
  const pending = user.verification;
  if (!pending || pending.expiresAt <= now || !tokenMatches(request.token, pending.hash)) throw tokenInvalid();
  const stored = await deps.users.put(
    { ...user, emailVerifiedAt: now, verification: null, updatedAt: now },
    user._version,
  );
  return { user: userMessage(stored) };
}

/** Spec §8 "a fresh link was sent"; at most one a minute. */
export async function resendVerification(
  request: ResendVerificationRequest,
  deps: AccountsDependencies,
): Promise<ResendVerificationResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const checks = new FieldChecks();
  const base = deps.links.base(checks, 'verify_url', request.verifyUrl, VERIFY_PAGE);
  checks.done();
  if (actor.emailVerifiedAt)
    throw new FailedPreconditionError('the email address is already verified', { reason: 'ALREADY_VERIFIED' });
  const { sentAt } = await deps.verification.send(actor, base, true);
  return { sentAt };
}
