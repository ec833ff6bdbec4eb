/** How often URLs are visited (CRAWLER_* variables). */
export interface VisitSettings {
  /** Fast movers: a product whose price keeps changing is visited this often. */
  readonly minIntervalMs: number;
  /** Static pages: a product whose price never changes drifts out to this. */
  readonly maxIntervalMs: number;
  /** A product page seen for the first time starts here. */
  readonly initialIntervalMs: number;
  /** Category pages and sitemaps: new products show up there. */
  readonly listingIntervalMs: number;
  /** 404/410 answers in a row that retire a URL. */
  readonly goneAfter: number;
}

export const DEFAULT_VISITS: VisitSettings = {
  minIntervalMs: 3_600_000,
  maxIntervalMs: 86_400_000,
  initialIntervalMs: 6 * 3_600_000,
  listingIntervalMs: 12 * 3_600_000,
  goneAfter: 3,
};

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
