import type { UndoEmailChangeRequest, UndoEmailChangeResponse } from '@pc/proto/accounts/v1/accounts';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { FieldChecks } from '../domain/field-checks.js';
import { hashToken, newSecretToken, tokenMatches } from '../domain/secret-token.js';
import { RESET_PAGE, SiteLinks, UNDO_EMAIL_PAGE } from '../domain/site-links.js';
import type { EmailChange, UserRecord } from '../domain/user-record.js';
import type { StoredUser } from '../store/user-repository.js';
import type { AccountsDependencies } from './dependencies.js';
import { userMessage } from './messages.js';
import { linkedUser } from './linked-user.js';
import { newResetLink } from './passwords.js';

const tokenInvalid = () =>
  new InvalidArgumentError([{ field: 'token', reason: 'this link is invalid or expired', rule: 'invalid' }], {
    reason: 'TOKEN_INVALID_OR_EXPIRED',
  });

/**
 * Before an e-mail change is written: the undo token it carries (only its hash is stored) and
 * the record's field; `mailUndo` then tells the old address once the change is durable.
 */
export function prepareEmailChange(
  user: UserRecord,
  deps: AccountsDependencies,
): { emailChange: EmailChange; token: string } {
  const now = deps.clock();
  const token = newSecretToken();
  const undo = {
    hash: hashToken(token),
    expiresAt: new Date(now.getTime() + deps.emailUndoHours * 3_600_000).toISOString(),
    sentAt: now.toISOString(),
  };
  return { emailChange: { previousEmail: user.email, previousVerifiedAt: user.emailVerifiedAt, undo }, token };
}

/** Tells the old address what changed, with the link that undoes it (a mail failure is logged: the change stands). */
export async function mailUndo(
  before: UserRecord,
  after: StoredUser,
  token: string,
  deps: AccountsDependencies,
): Promise<void> {
  const url = SiteLinks.withParams(deps.links.base(new FieldChecks(), 'undo_url', '', UNDO_EMAIL_PAGE), {
    user: after._id,
    token,
  });
  await deps.mails
    .emailChanged(before.email, before.name, before.language, after.email, url, deps.emailUndoHours)
    .catch((error: unknown) => {
      deps.logger.warn({ err: error, userId: after._id }, 'the old address was not told of the e-mail change');
    });
}

/**
 * The old address's link: its e-mail is back (verified as it was), the password stops working
 * (whoever changed the address knew it) with a reset link mailed to the restored address, and
 * every session ends.
 */
export async function undoEmailChange(
  request: UndoEmailChangeRequest,
  deps: AccountsDependencies,
): Promise<UndoEmailChangeResponse> {
  const user = await linkedUser(request, deps.users);
  const change = user.emailChange;
  const now = deps.clock().toISOString();
  if (!change || change.undo.expiresAt <= now || !tokenMatches(request.token, change.undo.hash)) throw tokenInvalid();
  const restored: UserRecord = {
    ...user,
    email: change.previousEmail,
    emailVerifiedAt: change.previousVerifiedAt,
    verification: null,
    emailChange: null,
    // An unusable password until the owner sets a new one with the mailed link.
    passwordHash: await deps.hasher.hash(newSecretToken()),
    updatedAt: now,
  };
  // The unique index refuses the old address if another account took it meanwhile (EMAIL_TAKEN).
  const stored = await deps.users.put(restored, user._version);
  await deps.sessions.deleteForUser(stored._id);
  const resetUrl = await newResetLink(deps, stored, deps.links.base(new FieldChecks(), 'reset_url', '', RESET_PAGE));
  await deps.mails
    .passwordReset(stored.email, stored.name, stored.language, resetUrl, deps.resetTokenMinutes)
    .catch((error: unknown) => {
      deps.logger.warn({ err: error, userId: stored._id }, 'reset link not sent after undoing an e-mail change');
    });
  return { user: userMessage(stored) };
}
