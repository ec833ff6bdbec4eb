import { setImmediate as turnOfTheEventLoop } from 'node:timers/promises';
import type { Logger } from 'pino';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import type { Outbox } from '@pc/kit/events/outbox';
import { DAY_MS, startOfUtcDay } from '../domain/daily-lows.js';
import { freshCutoff, isFresh, type FreshnessRules } from '../domain/freshness.js';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { isDeleted } from '../domain/shop-record.js';
import { ingestMetrics } from './ingest-metrics.js';
import { shopChanged } from '../events/shop-events.js';
import { mutateShop } from './shop-mutation.js';
import type { StoredShop, ShopRepository } from '../store/shop-repository.js';
import type { OfferRepository } from '../store/offer-repository.js';
import type { PriceMonthRepository } from '../store/price-month-repository.js';
import type { PriceSummaryRepository } from '../store/price-summary-repository.js';
import { HistoryFolding } from './history-folding.js';
import type { OfferDelister } from './offer-delister.js';
import type { ShopReviewUpkeep } from './shop-review-upkeep.js';
import type { SummaryRefresher } from './summary-refresher.js';

/** Offers and summaries handled per query; a run loops until nothing is left or the budget is spent. */
const BATCH = 200;
/**
 * The most of offers' thread the shop counts may take. A count reads a shop's entries of the
 * (shopId, active, price) index on the event loop. For the 60 shops of the 5M offers at 1M
 * products that is ~10 ms a shop while the page cache holds the index, ~100 ms when it does not:
 * a 6 s run, which halved a crawl's rate for the seconds it held the thread. After such a run
 * the next waits ~5 minutes instead of one.
 */
const SHOP_COUNT_SHARE = 0.02;

/**
 * The wait before the next run of a periodic job: `intervalMs`, stretched so that a run taking
 * `tookMs` uses at most `share` of the time between the starts of two runs.
 */
export function nextRunDelayMs(intervalMs: number, tookMs: number, share: number): number {
  return Math.max(intervalMs, Math.ceil((tookMs * (1 - share)) / share));
}

/** Price history kept: 3 years (GetPriceHistory ALL). */
export const HISTORY_RETENTION_DAYS = 3 * 366;

export interface SweepReport {
  readonly staleDelisted: number;
  readonly shopOffersDelisted: number;
  readonly trendsRefreshed: number;
  readonly monthsPruned: number;
  /** Day documents of finished months folded into their month's (ADR 028). */
  readonly daysFolded: number;
}

export interface FreshnessSweepDeps {
  readonly offers: OfferRepository;
  readonly shops: ShopRepository;
  readonly outbox: Outbox;
  readonly summaries: PriceSummaryRepository;
  readonly months: PriceMonthRepository;
  readonly delister: OfferDelister;
  readonly refresher: SummaryRefresher;
  /** A deleted shop's reviews go with its offers; ratings a crash left unwritten are repaired. */
  readonly shopReviews: ShopReviewUpkeep;
  readonly rules: FreshnessRules;
  readonly clock: () => Date;
  readonly logger: Logger;
  /** Longest a run keeps going before it yields to the next interval. */
  readonly budgetMs?: number;
}

/**
 * The periodic housekeeping that keeps comparisons honest:
 * 1. offers not seen for longer than the stale limit are delisted (OfferChanged REMOVED, dated
 *    last seen + stale limit in their history) and their summaries recomputed;
 * 2. offers of suspended or deleted shops are delisted (the status change only flags the shop),
 *    and a deleted shop's reviews deleted; shop ratings a crash left unwritten are repaired;
 * 3. summaries whose trend was computed on an earlier day are recomputed (the window moves even
 *    when no price does), except steady ones (ADR 029);
 * 4. price history older than the retention is pruned, the days of finished months are folded
 *    into one document per offer and month (ADR 028), and shops' offer counts refreshed.
 * Runs never overlap in one process; replicas may race harmlessly (writes are versioned).
 */
export class FreshnessSweep {
  private readonly timers = new Set<NodeJS.Timeout>();
  private running: Promise<SweepReport> | null = null;
  private counting: Promise<void> | null = null;
  private readonly cleanups = new Set<Promise<number>>();
  private readonly folding: HistoryFolding;
  private stopped = false;

  constructor(private readonly deps: FreshnessSweepDeps) {
    this.folding = new HistoryFolding(deps.months, deps.offers, deps.rules.staleAfterMs);
  }

  /**
   * Shops' offer counts every `shopCountIntervalMs` when that is shorter than the full sweep's
   * interval (a shop card should not say "no offers" for minutes after a feed arrived). The full
   * sweep itself runs as the durable job `offers.freshness-sweep` (sweep-job.ts, ADR 055).
   */
  startShopCounts(sweepIntervalMs: number, shopCountIntervalMs: number): void {
    if (shopCountIntervalMs < sweepIntervalMs) {
      this.every(shopCountIntervalMs, () => this.refreshShopCountsOnce(), 'shop offer counts', SHOP_COUNT_SHARE);
    }
  }

  /** Runs `work` every `intervalMs`, or less often when a run took more than `share` of the time. */
  private every(intervalMs: number, work: () => Promise<unknown>, what: string, share = 1): void {
    const tick = (delayMs: number) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        const started = Date.now();
        void work()
          .catch((error: unknown) =>
            this.deps.logger.error({ err: error }, `${what} failed; retrying at the next interval`),
          )
          .finally(() => {
            if (!this.stopped) tick(nextRunDelayMs(intervalMs, Date.now() - started, share));
          });
      }, delayMs);
      this.timers.add(timer);
    };
    tick(intervalMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    await Promise.allSettled([this.running, this.counting, ...this.cleanups]);
  }

  /** One full run (also what tests and the shop RPCs trigger). */
  runOnce(): Promise<SweepReport> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Delists the offers of one suspended or deleted shop right away (the sweep finishes it otherwise). */
  cleanShop(shopId: string): Promise<number> {
    const cleanup = this.deps.shops.get(shopId).then((shop) => (shop ? this.cleanUp(shop) : 0));
    this.cleanups.add(cleanup);
    void cleanup.catch(() => undefined).finally(() => this.cleanups.delete(cleanup));
    return cleanup;
  }

  private async run(): Promise<SweepReport> {
    const deadline = Date.now() + (this.deps.budgetMs ?? 60_000);
    const staleDelisted = await this.delistStale(deadline);
    let shopOffersDelisted = 0;
    for (const shop of await this.deps.shops.withPendingCleanup(BATCH)) shopOffersDelisted += await this.cleanUp(shop);
    await this.deps.shopReviews.repairRatings();
    const trendsRefreshed = await this.refreshTrends(deadline);
    const monthsPruned = await this.pruneHistory();
    const daysFolded = await this.folding.run(this.deps.clock(), this.retentionCutoffMonth(), deadline);
    await this.refreshShopCountsOnce();
    const report = { staleDelisted, shopOffersDelisted, trendsRefreshed, monthsPruned, daysFolded };
    if (staleDelisted + shopOffersDelisted + trendsRefreshed + monthsPruned + daysFolded > 0)
      this.deps.logger.info(report, 'freshness sweep');
    return report;
  }

  private async delistStale(deadline: number): Promise<number> {
    const { offers, delister, rules, clock } = this.deps;
    let total = 0;
    while (Date.now() < deadline) {
      const cutoff = freshCutoff(clock(), rules).toISOString();
      const batch = await offers.staleBatch(cutoff, BATCH);
      if (batch.length === 0) break;
      const delisted = await delister.delist(batch, {
        reason: 'stale',
        applies: (offer) => !isFresh(new Date(offer.lastSeenAt), clock(), rules),
        removedAt: (offer) => new Date(Date.parse(offer.lastSeenAt) + rules.staleAfterMs),
      });
      total += delisted;
      if (delisted === 0) break;
    }
    return total;
  }

  private async cleanUp(shop: StoredShop): Promise<number> {
    const { offers, shops, delister, clock } = this.deps;
    if (!shop.offersCleanup) return 0;
    const reason = shop.offersCleanup === 'deleted' ? 'shop_deleted' : 'shop_suspended';
    let total = 0;
    for (;;) {
      // Re-read per batch: a shop activated again meanwhile keeps its offers.
      const current = await shops.get(shop._id);
      if (current?.offersCleanup !== shop.offersCleanup) return total;
      const batch = await offers.activeOfShop(shop._id, BATCH);
      if (batch.length === 0) break;
      const delisted = await delister.delist(batch, { reason, applies: () => true, removedAt: () => clock() });
      total += delisted;
      if (delisted === 0) break;
    }
    // Before the flag is cleared: a failure leaves the shop flagged, and the next run deletes the rest.
    if (shop.offersCleanup === 'deleted') await this.deps.shopReviews.deleteOfShop(shop._id);
    // Cleared without a version bump: the flag is bookkeeping, not shop data.
    await shops.collection.update(shop._id, (current) =>
      current && current.offersCleanup === shop.offersCleanup
        ? { ...current, offersCleanup: '', offersCount: 0 }
        : null,
    );
    return total;
  }

  private async refreshTrends(deadline: number): Promise<number> {
    const today = startOfUtcDay(this.deps.clock()).toISOString().slice(0, 10);
    let total = 0;
    while (Date.now() < deadline) {
      const batch = await this.deps.summaries.withOutdatedTrend(today, BATCH);
      if (batch.length === 0) break;
      for (const summary of batch) await this.deps.refresher.refresh(summary.productId, summary.country);
      total += batch.length;
    }
    return total;
  }

  /** The oldest month of price history kept. */
  private retentionCutoffMonth(): string {
    return new Date(this.deps.clock().getTime() - HISTORY_RETENTION_DAYS * DAY_MS).toISOString().slice(0, 7);
  }

  private async pruneHistory(): Promise<number> {
    const cutoff = this.retentionCutoffMonth();
    let total = 0;
    for (let pruned = BATCH; pruned === BATCH; total += pruned)
      pruned = await this.deps.months.pruneBefore(cutoff, BATCH);
    return total;
  }

  /** Shops' offer counts now (one run at a time; a call during a run shares it). */
  refreshShopCountsOnce(): Promise<void> {
    this.counting ??= this.refreshShopCounts().finally(() => {
      this.counting = null;
    });
    return this.counting;
  }

  /**
   * A changed count is a ShopChanged (`offers_count`), so the shops list of search shows it; it
   * is as fresh as the last count run.
   */
  private async refreshShopCounts(): Promise<void> {
    const { shops, offers } = this.deps;
    const totals = { listedOffers: 0, activeShops: 0 };
    for (let skip = 0; ; skip += BATCH) {
      const page = await shops.find({}, { skip, limit: BATCH });
      for (const shop of page) {
        if (isDeleted(shop)) continue;
        if (shop.status === ShopStatus.SHOP_STATUS_ACTIVE) totals.activeShops += 1;
        // An embedded count runs on the event loop (~60 ms for a shop of 10,000 offers), and
        // awaiting one resolved count after another never leaves the microtask queue: without
        // this, 60 shops held every request for seconds (504s on /offers at 100,000 products).
        await turnOfTheEventLoop();
        const offersCount = await offers.countActiveOfShop(shop._id);
        totals.listedOffers += offersCount;
        if (offersCount === shop.offersCount) continue;
        await mutateShop(this.deps, shop._id, (current, now) => {
          if (current.offersCount === offersCount) return null;
          const next = { ...current, offersCount, version: current.version + 1, updatedAt: now.toISOString() };
          return { next, events: [shopChanged(next, current.status, ['offers_count'], now)] };
        }).catch((error: unknown) => {
          // Deleted meanwhile: nothing to count. Anything else waits for the next sweep.
          if (!(error instanceof NotFoundError)) throw error;
        });
      }
      if (page.length < BATCH) break;
    }
    ingestMetrics.catalogueTotals(totals);
  }
}
