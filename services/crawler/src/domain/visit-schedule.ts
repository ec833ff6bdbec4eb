import { isFastMover, observeVisit, type ChangeHistory } from './change-rate.js';

/** How often URLs are visited (CRAWLER_* variables). */
export interface VisitSettings {
  /** A product whose price changes now and then is visited at most this often. */
  readonly minIntervalMs: number;
  /** Static pages: a product whose price never changes drifts out to this. */
  readonly maxIntervalMs: number;
  /** A product page seen for the first time starts here. */
  readonly initialIntervalMs: number;
  /** Category pages and sitemaps: new products show up there. */
  readonly listingIntervalMs: number;
  /** 404/410 answers in a row that retire a URL. */
  readonly goneAfter: number;
  /** A page seen changing its prices at least this often on average is a fast mover (change-rate.ts). */
  readonly fastMoverChangeIntervalMs: number;
  /** Fast movers are visited this often (and go first in their host's queue): a change is seen within it. */
  readonly fastMoverIntervalMs: number;
}

export const DEFAULT_VISITS: VisitSettings = {
  minIntervalMs: 3_600_000,
  maxIntervalMs: 86_400_000,
  initialIntervalMs: 6 * 3_600_000,
  listingIntervalMs: 12 * 3_600_000,
  goneAfter: 3,
  fastMoverChangeIntervalMs: 2 * 3_600_000,
  // A change waits at most this long for the visit that sees it, plus the fast movers ahead in its
  // host's queue and ~1 s to search: p95 ≤ 60 s from the shop's change to the site.
  fastMoverIntervalMs: 40_000,
};

/** A product page's schedule after a visit that read its prices. */
export interface ProductSchedule {
  readonly intervalMs: number;
  readonly fastMover: boolean;
  readonly changeHistory: ChangeHistory;
}

/**
 * A product page's next interval from its change rate: a fast mover (seen changing at least every
 * `fastMoverChangeIntervalMs`) is visited every `fastMoverIntervalMs`; any other page adapts by
 * `nextProductInterval`. `sinceLastMs`: the time since the previous visit (0 when it read no prices).
 */
export function productSchedule(
  settings: VisitSettings,
  page: { readonly currentMs: number; readonly priority: number; readonly history: ChangeHistory },
  visit: { readonly changed: boolean; readonly sinceLastMs: number },
): ProductSchedule {
  const changeHistory = observeVisit(page.history, visit.sinceLastMs, visit.changed);
  if (isFastMover(changeHistory, settings.fastMoverChangeIntervalMs))
    return { intervalMs: settings.fastMoverIntervalMs, fastMover: true, changeHistory };
  return {
    intervalMs: nextProductInterval(settings, page.currentMs, visit.changed, page.priority),
    fastMover: false,
    changeHistory,
  };
}

/**
 * The next interval of a product page: halved when its price changed since the last visit
 * (down to the minimum), stretched by half when it did not (up to the maximum). Priority 0..10
 * (price alerts, views, staff) shortens it, never below the minimum.
 */
export function nextProductInterval(
  settings: VisitSettings,
  currentMs: number,
  changed: boolean,
  priority: number,
): number {
  const adapted = changed ? currentMs / 2 : currentMs * 1.5;
  const bounded = Math.min(Math.max(adapted, settings.minIntervalMs), settings.maxIntervalMs);
  return Math.round(Math.max(bounded / (1 + Math.max(0, Math.min(priority, 10)) / 5), settings.minIntervalMs));
}

/** Priority from recent click-outs (views that led to the shop): 0 without, 10 for the most visited. */
export const priorityFromClicks = (clicks: number): number =>
  Math.min(10, Math.floor(Math.log2(1 + Math.max(0, clicks))));

/**
 * Priority from price alerts: a watched product's price is what its watchers wait for, so one
 * alert already halves its page's revisit interval (priority 5) and many reach the top.
 */
export const priorityFromAlerts = (alerts: number): number =>
  alerts <= 0 ? 0 : Math.min(10, 5 + Math.floor(Math.log2(alerts)));

/** A page's priority: the largest of what staff set, its click-outs and the alerts on its product. */
export function effectivePriority(url: {
  readonly staffPriority: number;
  readonly clicks: number;
  readonly alertWatchers?: number;
}): number {
  return Math.max(url.staffPriority, priorityFromClicks(url.clicks), priorityFromAlerts(url.alertWatchers ?? 0));
}

/** Clicks lose half their weight per day, so a product popular last month is not forever urgent. */
export function decayedClicks(clicks: number, sinceMs: number): number {
  return clicks * 0.5 ** (Math.max(0, sinceMs) / 86_400_000);
}
