import { NotFoundError } from '@pc/kit/errors/domain-errors';
import type { Cache } from '@pc/kit/ports/cache';
import { hashToken, newSecretToken } from '../domain/secret-token.js';
import { SiteLinks } from '../domain/site-links.js';
import type { UserRecord } from '../domain/user-record.js';
import type { AccountMails } from '../mail/account-mails.js';
import { oncePer } from '../security/login-throttle.js';
import type { StoredUser, UserRepository } from '../store/user-repository.js';

/**
 * Issues a verification link: a fresh token (the previous link stops working), its hash and
 * expiry stored on the user, then the e-mail.
 */
export class VerificationSender {
  constructor(
    private readonly users: UserRepository,
    private readonly mails: AccountMails,
    private readonly cache: Cache,
    private readonly lifetimeMs: number,
    private readonly clock: () => Date,
  ) {}

  /** `resend`: the user asked again (at most once a minute); a registration or new address always sends. */
  async send(user: StoredUser, verifyBase: string, resend = false): Promise<{ user: StoredUser; sentAt: Date }> {
    if (resend) await oncePer(this.cache, `verify-mail:${user._id}`, 60_000, 'a verification link');
    const now = this.clock();
    const token = newSecretToken();
    const verification = {
      hash: hashToken(token),
      expiresAt: new Date(now.getTime() + this.lifetimeMs).toISOString(),
      sentAt: now.toISOString(),
    };
    // A read-modify-write: the caller's copy may be a version behind (its outbox was just flushed).
    const stored = await this.users.collection.update(user._id, (current): UserRecord | null =>
      current ? { ...current, verification } : null,
    );
    if (!stored) throw new NotFoundError('user', user._id);
    await this.mails.verification(
      user.email,
      user.name,
      user.language,
      SiteLinks.withParams(verifyBase, { user: user._id, token }),
    );
    return { user: stored, sentAt: now };
  }
}
