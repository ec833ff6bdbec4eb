import type { OutboxFields } from '@pc/kit/events/outbox';
import type { SelectorRules } from '../extraction/selector-rules.js';
import type { ChangeHistory } from './change-rate.js';

/** What a URL's page is, as far as the crawler learnt. */
export type UrlKind = 'page' | 'product' | 'listing' | 'sitemap' | 'start';

/** A known URL and its schedule (collection `urls`). OfferObserved events go out with its writes. */
export interface UrlRecord extends OutboxFields {
  readonly _id: string;
  readonly url: string;
  readonly host: string;
  /** host + path without the query: how click-outs find it. */
  readonly pathKey: string;
  readonly shopId: string;
  readonly status: 'active' | 'retired';
  readonly kind: UrlKind;
  /** Links followed from the start page to reach it. */
  readonly depth: number;
  /** Effective 0..10: the largest of staff's, the click-outs' and the price alerts' (effectivePriority). */
  readonly priority: number;
  readonly staffPriority: number;
  /** Click-outs, decayed by day (visit-schedule.ts). */
  readonly clicks: number;
  readonly clicksAt: string | null;
  /** The product offers matched this page's offer to (OfferChanged); absent or '' while unknown. */
  readonly productId?: string;
  /** Price alerts watching that product (ProductWatchChanged); absent: none. */
  readonly alertWatchers?: number;
  readonly nextVisitAt: string;
  readonly intervalMs: number;
  readonly lastVisitAt: string | null;
  readonly lastHttpStatus: number;
  /** VisitOutcome of the last visit (proto enum value). */
  readonly lastOutcome: number;
  readonly lastError: string;
  readonly offersFound: number;
  readonly method: string;
  readonly flags: readonly string[];
  /** The prices of the last usable reading, to tell a change. */
  readonly priceFingerprint: string;
  readonly unchangedVisits: number;
  /** How often its prices changed between visits (change-rate.ts); absent: not compared yet. */
  readonly changeHistory?: ChangeHistory;
  /** Its prices change often: visited every fast-mover interval, first in its host's queue when due. */
  readonly fastMover?: boolean;
  readonly consecutiveGone: number;
  readonly consecutiveErrors: number;
  /** The crawl job waiting for this URL's next visit; '' when none. */
  readonly jobId: string;
  readonly createdAt: string;
}

export interface HostErrorRecord {
  readonly at: string;
  readonly url: string;
  readonly error: string;
  readonly httpStatus: number;
}

/** A host's politeness state and staff settings (collection `hosts`). */
export interface HostRecord {
  readonly _id: string;
  readonly shopId: string;
  readonly paused: boolean;
  readonly overrideDelayMs: number;
  readonly maxConcurrency: number;
  readonly backoffUntil: string | null;
  readonly lastThrottledAt: string | null;
  readonly consecutiveErrors: number;
  readonly lastErrors: readonly HostErrorRecord[];
  readonly lastFetchedAt: string | null;
  /** Requests per hour of the last 24 hours: `{ "2026-01-01T10": 3600 }`. */
  readonly fetchesByHour: Readonly<Record<string, number>>;
  readonly rules: SelectorRules | null;
  readonly rulesUpdatedAt: string | null;
  /**
   * Added to the host's delay after it answered 429/503 (doubled on each throttle, at most the
   * longest Crawl-delay honoured); it lapses an hour after the last throttle. Absent: none.
   */
  readonly slowdownMs?: number;
  readonly createdAt: string;
}

/** The robots.txt of a host as last fetched (collection `robots`). */
export interface RobotsRecord {
  readonly _id: string;
  /** 0 when no answer came (network failure, refused by the fetch guard). */
  readonly httpStatus: number;
  /** At most 500 KiB, UTF-8. */
  readonly body: string;
  readonly truncated: boolean;
  readonly fetchedAt: string;
  readonly expiresAt: string;
  /** Why it could not be fetched; '' when it was. */
  readonly error: string;
  /** Failed fetches in a row (5xx, unreachable): the refetch waits longer each time. */
  readonly failures: number;
}

/** A shop as ShopChanged tells it (collection `shops`): which hosts are whose, and where. */
export interface ShopRecord {
  readonly _id: string;
  readonly version: number;
  readonly name: string;
  readonly hosts: readonly string[];
  readonly homepageUrl: string;
  readonly countries: readonly string[];
  /** The currency of its first feed: assumed where a page names none. */
  readonly currency: string;
  readonly language: string;
  /** Listed or about to be (active, pending activation): its pages are worth crawling. */
  readonly crawlable: boolean;
  /** Listed (active): offers takes its observations. */
  readonly listed?: boolean;
  readonly deleted: boolean;
  /** The business user who owns it ('' for a directory listing; absent on records before owners were kept). */
  readonly ownerUserId?: string;
  /** Certified green by staff (Shop.green): every offer observed for it, from feeds and pages, is green (ADR 108). */
  readonly green?: boolean;
}

/** What a job or schedule is about: a page, a whole host, or a shop's feed. */
export interface CrawlTargetRecord {
  readonly url?: string;
  readonly host?: string;
  readonly feed?: { readonly shopId: string; readonly feedId: string };
}

/** What kind of target a job has (feed jobs run in the feed runner, the others in the page frontier). */
export type JobKind = 'url' | 'host' | 'feed';

/** How many price alerts watch a product, as notifications last told (collection `product_watches`). */
export interface ProductWatchRecord {
  /** The product id. */
  readonly _id: string;
  readonly activeAlerts: number;
  /** ProductWatchChanged.version: an older event never overwrites a newer count. */
  readonly version: number;
}

/** A crawl job (collection `jobs`): a request to crawl a URL or a host, once. */
export interface JobRecord {
  readonly _id: string;
  readonly target: CrawlTargetRecord;
  /** Absent on jobs written before feeds were fetched (url or host). */
  readonly kind?: JobKind;
  readonly host: string;
  readonly shopId: string;
  /** CrawlJobStatus (proto enum value). */
  readonly status: number;
  readonly priority: number;
  readonly attempts: number;
  readonly scheduleId: string;
  readonly createdAt: string;
  readonly runAt: string;
  /** When its last run started (a page's request left, a feed's fetch was taken); null while it waits. */
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  /** How long its last run took (finishedAt − startedAt), kept to sort by; absent on records before it was kept. */
  readonly durationMs?: number;
  /** Staff's retries of this job (the same job queued again; the newest last, at most 20). */
  readonly retries?: readonly JobRetryRecord[];
  readonly httpStatus: number;
  readonly error: string;
  readonly pagesFetched: number;
  readonly offersObserved: number;
  readonly reason: string;
  /** Open jobs are unique per target ("url:<id>", "host:<host>"); finished ones get their own id here. */
  readonly openKey: string;
}

/** A retry of a finished job: when, by whom, after how many attempts. */
export interface JobRetryRecord {
  readonly at: string;
  readonly by: string;
  readonly afterAttempts: number;
}

/** A recurring crawl (collection `schedules`). */
export interface ScheduleRecord {
  readonly _id: string;
  readonly target: CrawlTargetRecord;
  readonly host: string;
  readonly shopId: string;
  readonly intervalMs: number;
  readonly enabled: boolean;
  readonly priority: number;
  readonly nextRunAt: string;
  readonly lastRunAt: string | null;
  readonly lastStatus: number;
  readonly reason: string;
}

/** A shop's product feed as ShopChanged tells it, and what its fetches learnt (collection `feeds`). */
export interface FeedRecord {
  /** offers' feed id. */
  readonly _id: string;
  readonly shopId: string;
  readonly url: string;
  /** offers' FeedFormat (proto enum value); UNSPECIFIED: detected from the content. */
  readonly format: number;
  readonly country: string;
  readonly currency: string;
  readonly language: string;
  readonly intervalMs: number;
  /** Fetched on its schedule: not disabled by its owner, its shop crawlable. */
  readonly enabled: boolean;
  /** Gone from the shop's feed list (or the shop deleted). */
  readonly deleted: boolean;
  /** Validators of the last fetch that read the feed, for a conditional request. */
  readonly etag: string;
  readonly lastModified: string;
  /** When a fetch last read the feed (and observed its items); a 304 does not move it. */
  readonly lastReadAt: string | null;
  readonly lastFetchId: string;
  /** The fetch whose items (id → fingerprint) the next read is compared with: the last complete read ('' or absent: none yet). */
  readonly itemSetFetchId?: string;
  readonly updatedAt: string;
}

/** One fetch of a feed and its analysis (collection `feed_fetches`). Its events go out with its writes. */
export interface FeedFetchRecord extends OutboxFields {
  readonly _id: string;
  readonly shopId: string;
  readonly feedId: string;
  readonly url: string;
  readonly jobId: string;
  /** FeedFetchOutcome (proto enum value); UNSPECIFIED while running. */
  readonly outcome: number;
  /** FeedFetchFailure (proto enum value): why it failed; absent while running and on records written before it was kept. */
  readonly failure?: number;
  readonly running: boolean;
  readonly httpStatus: number;
  readonly bytes: number;
  /** SHA-256 of the body, hex; '' when none was read. */
  readonly contentHash: string;
  readonly itemsTotal: number;
  readonly itemsValid: number;
  readonly itemsInvalid: number;
  /** The first issues, "line 12: gtin: gtin_check_digit". */
  readonly issues: readonly string[];
  readonly error: string;
  /** Rejected items by reason and by field (absent on records written before they were kept). */
  readonly rejectedByReason?: Readonly<Record<string, number>>;
  readonly rejectedByField?: Readonly<Record<string, number>>;
  /** The valid items against the feed's last complete read; null on its first read or without a feed read. */
  readonly offers?: FeedOfferDeltaRecord | null;
  readonly startedAt: string;
  readonly finishedAt: string | null;
}

export interface FeedOfferDeltaRecord {
  readonly added: number;
  readonly changed: number;
  readonly unchanged: number;
  readonly removed: number;
  readonly removedSample: readonly string[];
}

/**
 * A slice of the items one complete read of a feed listed (collection `feed_items`): their ids
 * and fingerprints, side by side, so the next read can tell new, changed, unchanged and removed.
 */
export interface FeedItemChunk {
  /** `<fetch id>:<n>`. */
  readonly _id: string;
  readonly feedId: string;
  readonly fetchId: string;
  readonly ids: readonly string[];
  readonly fingerprints: readonly string[];
}
