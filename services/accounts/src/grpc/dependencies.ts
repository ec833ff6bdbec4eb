import type { Logger } from 'pino';
import type { Outbox } from '@pc/kit/events/outbox';
import type { Cache } from '@pc/kit/ports/cache';
import type { SiteLinks } from '../domain/site-links.js';
import type { AccountMails } from '../mail/account-mails.js';
import type { LoginThrottle } from '../security/login-throttle.js';
import type { PasswordHasher } from '../security/password-hasher.js';
import type { ComparePicksRepository } from '../store/compare-picks-repository.js';
import type { FavouriteRepository } from '../store/favourite-repository.js';
import type { RecentlyViewedRepository } from '../store/recently-viewed-repository.js';
import type { SecretBox } from '../security/secret-box.js';
import type { SessionRepository } from '../store/session-repository.js';
import type { SignInChallengeRepository } from '../store/sign-in-challenge-repository.js';
import type { UserRepository } from '../store/user-repository.js';
import type { AccountDeletion } from '../workflows/account-deletion.js';
import type { SessionIssuer } from '../workflows/session-issuer.js';
import type { SignInNotice } from '../workflows/sign-in-notice.js';
import type { VerificationSender } from '../workflows/verification-sender.js';

/** What the gRPC handlers work with. */
export interface AccountsDependencies {
  readonly users: UserRepository;
  readonly sessions: SessionRepository;
  /** Sign-ins waiting for the app's code (ADR 153). */
  readonly challenges: SignInChallengeRepository;
  /** Seals the authenticator apps' secrets. */
  readonly secrets: SecretBox;
  readonly favourites: FavouriteRepository;
  readonly recentlyViewed: RecentlyViewedRepository;
  readonly comparePicks: ComparePicksRepository;
  readonly hasher: PasswordHasher;
  readonly throttle: LoginThrottle;
  readonly cache: Cache;
  readonly mails: AccountMails;
  readonly outbox: Outbox;
  readonly issuer: SessionIssuer;
  readonly signInNotice: SignInNotice;
  readonly verification: VerificationSender;
  readonly deletion: AccountDeletion;
  readonly links: SiteLinks;
  readonly resetTokenMinutes: number;
  readonly emailUndoHours: number;
  readonly clock: () => Date;
  readonly logger: Logger;
}
