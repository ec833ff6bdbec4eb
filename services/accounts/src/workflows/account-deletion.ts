import type { Logger } from 'pino';
import type { Outbox } from '@pc/kit/events/outbox';
import type { UserRecord } from '../domain/user-record.js';
import { accountDeleted } from '../events/account-events.js';
import type { ComparePicksRepository } from '../store/compare-picks-repository.js';
import type { FavouriteRepository } from '../store/favourite-repository.js';
import type { KnownBrowserRepository } from '../store/known-browser-repository.js';
import type { RecentlyViewedRepository } from '../store/recently-viewed-repository.js';
import type { SessionRepository } from '../store/session-repository.js';
import type { SignInChallengeRepository } from '../store/sign-in-challenge-repository.js';
import type { StoredUser, UserRepository } from '../store/user-repository.js';

/**
 * Deleting an account cannot be undone (spec §4). One write turns the user into a tombstone —
 * personal data and password gone, e-mail freed, AccountDeleted staged in its outbox — then the
 * sessions, sign-in challenges, favourites, recently viewed and compare picks are removed and the event is published. A crash in
 * between leaves the outbox pending; `resume` (at start) finishes the removal, then publishes.
 */
export class AccountDeletion {
  constructor(
    private readonly parts: {
      users: UserRepository;
      sessions: SessionRepository;
      challenges: SignInChallengeRepository;
      knownBrowsers: KnownBrowserRepository;
      favourites: FavouriteRepository;
      recentlyViewed: RecentlyViewedRepository;
      comparePicks: ComparePicksRepository;
      outbox: Outbox;
    },
    private readonly logger: Logger,
  ) {}

  async delete(user: StoredUser, byAdmin: boolean, now: Date): Promise<void> {
    const { users, outbox } = this.parts;
    const tombstone: UserRecord = {
      ...user,
      name: '',
      email: `deleted:${user._id}`,
      phone: '',
      company: '',
      passwordHash: '',
      verification: null,
      passwordReset: null,
      twoStep: null,
      twoStepSetup: null,
      searchGrams: [],
      isAdmin: false,
      adminPanels: [],
      deletedAt: now.toISOString(),
      updatedAt: now.toISOString(),
      ...outbox.stage(user, [accountDeleted(user, byAdmin, now)], now),
    };
    const stored = await users.put(tombstone, user._version);
    await this.finish(stored);
    this.logger.info({ userId: user._id, byAdmin }, 'account deleted');
  }

  /** Removal and publish for tombstones a crash left with a pending outbox. */
  async resume(): Promise<number> {
    const pending = await this.parts.users.find({ outboxPending: true });
    for (const user of pending) {
      if (user.deletedAt) await this.finish(user);
      else await this.parts.outbox.flush(this.parts.users.collection, user);
    }
    return pending.length;
  }

  private async finish(user: StoredUser): Promise<void> {
    const { sessions, challenges, knownBrowsers, favourites, recentlyViewed, comparePicks, outbox, users } = this.parts;
    await sessions.deleteForUser(user._id);
    await challenges.deleteForUser(user._id);
    await knownBrowsers.deleteForUser(user._id);
    await favourites.deleteForUser(user._id);
    await recentlyViewed.clear(user._id);
    await comparePicks.clear(user._id);
    await outbox.flush(users.collection, user);
  }
}
