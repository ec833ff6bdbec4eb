import type { FeedSource } from './read/byte-source.js';
import type { FeedFormatChoice } from './read/feed-format.js';
import { FeedReadError } from './read/raw-item.js';
import { openFeed, type OpenedFeed } from './read/read-feed.js';
import type { FeedReport } from './report/feed-report.js';
import { offerFingerprint } from './report/offer-fingerprint.js';
import { ReportBuilder } from './report/report-builder.js';
import type { FeedOffer } from './validate/feed-offer.js';
import type { GoogleTaxonomy } from './validate/google-taxonomy.js';
import { ItemValidator, type FeedDefaults } from './validate/item-validator.js';

export interface AnalyzeOptions {
  /** `auto` (default) detects the format from the content. */
  readonly format?: FeedFormatChoice;
  /** The country, currency and language the feed's offers are for. */
  readonly defaults: FeedDefaults;
  /** Checks `google_product_category` against it; null or absent: form only (the report says so). */
  readonly taxonomy?: GoogleTaxonomy | null;
  /** The previous analysis's items, id → fingerprint (`offerFingerprint`), for new/changed/unchanged/removed. */
  readonly previous?: ReadonlyMap<string, string> | null;
  /**
   * Called with every valid item (and its fingerprint, '' unless `previous` or `fingerprints`) as it streams (in feed order, awaited: a slow consumer slows
   * the read, memory stays bounded). Items read before a read error have been passed on when
   * the report says `complete: false`.
   */
  readonly onOffer?: (offer: FeedOffer, fingerprint: string) => void | Promise<void>;
  /** Hand `onOffer` each item's fingerprint even without `previous` (to store for the next analysis). */
  readonly fingerprints?: boolean;
  /** Issues kept as samples (default 100). */
  readonly sampleLimit?: number;
  readonly clock?: () => number;
}

/**
 * Reads, validates and reports a feed in one streaming pass: bytes in, a FeedReport out, every
 * valid item handed to `onOffer` on the way. Never throws for bad content: an unreadable feed is
 * a report with `complete: false` and `error` (and `format: null` when it is no feed at all).
 */
export async function analyzeFeed(source: FeedSource, options: AnalyzeOptions): Promise<FeedReport> {
  const clock = options.clock ?? (() => performance.now());
  const started = clock();
  const builder = new ReportBuilder(options.sampleLimit ?? 100, options.previous ?? null);
  let validator: ItemValidator | null = null;
  let feed: OpenedFeed | null = null;
  let error: FeedReport['error'] = null;
  try {
    feed = await openFeed(source, options.format ?? 'auto');
    // Semicolon-separated files come from locales that write decimal commas; the prices confirm or correct it.
    validator = new ItemValidator(options.defaults, options.taxonomy ?? null, {
      decimalComma: feed.delimiter === ';' ? true : null,
    });
    for await (const item of feed.items) {
      const verdict = validator.validate(item);
      let offer = verdict.offer;
      let issues = verdict.issues;
      if (offer && builder.hasSeen(offer.shopOfferId)) {
        issues = [
          ...issues,
          {
            position: item.position,
            shopOfferId: offer.shopOfferId,
            field: 'id',
            reason: 'duplicate_id',
            value: offer.shopOfferId,
            severity: 'error',
          },
        ];
        offer = null;
      }
      // Digests cost a hash per item: only when a previous set is compared or the caller keeps them.
      const fingerprint = offer && (options.previous || options.fingerprints) ? offerFingerprint(offer) : '';
      builder.item(issues, offer ? { shopOfferId: offer.shopOfferId, fingerprint } : null);
      if (offer && options.onOffer) await options.onOffer(offer, fingerprint);
    }
  } catch (caught) {
    if (!(caught instanceof FeedReadError)) throw caught;
    error = { message: caught.message, line: caught.line ?? null };
  }
  const { delta, removedSample } = builder.offers();
  const taxonomy = options.taxonomy;
  return {
    format: feed?.format ?? null,
    encoding: feed?.encoding ?? null,
    delimiter: feed?.delimiter ?? null,
    decimalComma: feed?.delimiter ? (validator?.usesDecimalComma ?? null) : null,
    unusedColumns: feed?.layout()?.unused ?? [],
    rows: builder.rows,
    valid: builder.valid,
    rejected: builder.rejected,
    rejectedByReason: builder.rejectedByReason,
    rejectedByField: builder.rejectedByField,
    warnings: builder.warnings,
    warningsByReason: builder.warningsByReason,
    warningsByField: builder.warningsByField,
    samples: builder.samples,
    // Removal is only known from a complete read: a partial one has not seen the rest.
    offers: error ? { ...delta, removed: 0 } : delta,
    removedSample: error ? [] : removedSample,
    taxonomy: taxonomy
      ? `Google product taxonomy (${taxonomy.size} categories: ${taxonomy.source})`
      : 'not loaded: google_product_category checked for form only',
    complete: error === null,
    error,
    bytes: feed?.bytesRead() ?? 0,
    elapsedMs: Math.round(clock() - started),
  };
}
