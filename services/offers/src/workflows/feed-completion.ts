import type { Logger } from 'pino';
import { Events } from '@pc/proto/event-catalog';
import type { Outbox } from '@pc/kit/events/outbox';
import type { EventBus } from '@pc/kit/ports/event-bus';
import type { ShopRepository } from '../store/shop-repository.js';
import type { FeedOfferRemoval } from './feed-offer-removal.js';
import { mutateShop } from './shop-mutation.js';

/** A removal waits for the observation backlog at most this long (then the few late ones list their offers again). */
const MAX_WAIT_MS = 10 * 60_000;

export interface FeedCompletionDeps {
  readonly shops: ShopRepository;
  readonly outbox: Outbox;
  readonly removal: FeedOfferRemoval;
  readonly bus: EventBus;
  /** The consumer group the observations are ingested in. */
  readonly group: string;
  readonly clock: () => Date;
  readonly logger: Logger;
}

/**
 * Delists the offers that complete feed fetches no longer list. FeedFetched and the fetch's
 * OfferObserved events travel on different topics, so the removal waits until the observation
 * backlog of offers' consumer group is empty (every observation of the fetch is then ingested and
 * its offer's last-seen moved), or until it has waited ten minutes. Runs every `intervalMs`.
 */
export class FeedCompletion {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly deps: FeedCompletionDeps) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.running ??= this.runOnce()
        .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'feed completion failed; retried next round'))
        .then(() => void (this.running = null));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One round; returns the offers delisted. */
  async runOnce(): Promise<number> {
    const { shops, removal, bus, clock } = this.deps;
    const pending = await shops.find({ feedRemovalPending: true }, { limit: 100 });
    if (pending.length === 0) return 0;
    const backlog = await bus.consumerLag(this.deps.group, [Events.offerObserved.topic]);
    let removed = 0;
    for (const shop of pending) {
      for (const feed of shop.feeds) {
        const due = feed.pendingRemoval;
        if (!due || (backlog > 0 && clock().getTime() - Date.parse(due.requestedAt) < MAX_WAIT_MS)) continue;
        const count = await removal.notSeenSince(shop._id, feed.id, new Date(due.startedAt));
        removed += count;
        await mutateShop(this.deps, shop._id, (current) => {
          const feeds = current.feeds.map((candidate) =>
            candidate.id === feed.id && candidate.pendingRemoval?.fetchId === due.fetchId
              ? {
                  ...candidate,
                  pendingRemoval: null,
                  lastFetch:
                    candidate.lastFetch && count > 0
                      ? {
                          ...candidate.lastFetch,
                          message: `${candidate.lastFetch.message}; ${count} offers no longer in the feed delisted`,
                        }
                      : candidate.lastFetch,
                }
              : candidate,
          );
          return {
            next: { ...current, feeds, feedRemovalPending: feeds.some((candidate) => candidate.pendingRemoval) },
            events: [],
          };
        });
      }
    }
    return removed;
  }
}
