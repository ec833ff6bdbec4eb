import type { AuditLog } from '@pc/audit-log/audit-log';
import type { Outbox } from '@pc/kit/events/outbox';
import type { FreshnessRules } from '../domain/freshness.js';
import type { ActorRules } from './actor.js';
import type { FxRateCache } from '../store/fx-rate-cache.js';
import type { OfferRepository } from '../store/offer-repository.js';
import type { PriceSummaryRepository } from '../store/price-summary-repository.js';
import type { ShopRepository } from '../store/shop-repository.js';
import type { FreshnessSweep } from '../workflows/freshness-sweep.js';
import type { PriceHistoryReader } from '../workflows/price-history-reader.js';
import type { StandingSnapshots } from '../workflows/price-standing-snapshots.js';
import type { GoogleTaxonomy } from '@pc/product-feeds/validate/google-taxonomy';
import type { FeedOfferRemoval } from '../workflows/feed-offer-removal.js';
import type { OfferIngest } from '../workflows/offer-ingest.js';
import type { OfferModeration } from '../workflows/offer-moderation.js';
import type { EcbRatesJob } from '@pc/proto/offers/v1/types';
import type { ShopReviewRepository } from '../store/shop-review-repository.js';
import type { ShopPageAnnouncer } from '../workflows/shop-page-announcer.js';
import type { ShopRatings } from '../workflows/shop-ratings.js';
import type { ShopReviewVerification } from '../workflows/shop-review-verification.js';

/** What feed uploads need: the ingest path of observations, the removal of missing offers, the taxonomy (null: categories checked for form only). */
export interface FeedTools {
  readonly ingest: OfferIngest;
  readonly removal: FeedOfferRemoval;
  readonly taxonomy: GoogleTaxonomy | null;
}

/** The ECB rates job as ListFxRates shows it (workflows/ecb-rates-job.ts, ADR 112). */
export interface EcbRatesJobReader {
  view(): Promise<EcbRatesJob>;
}

/** What the gRPC handlers work with. */
export interface OffersDependencies {
  readonly offers: OfferRepository;
  readonly shops: ShopRepository;
  readonly summaries: PriceSummaryRepository;
  readonly history: PriceHistoryReader;
  readonly fx: FxRateCache;
  readonly sweep: FreshnessSweep;
  readonly outbox: Outbox;
  readonly rules: FreshnessRules;
  readonly actors: ActorRules;
  /** Staff writes' entries (ADR 042a): the admin panel's shop lifecycle. */
  readonly audit: AuditLog;
  readonly clock: () => Date;
  readonly feeds: FeedTools;
  /** The shopping panel's hide, unhide and wrong-match flag (ADR 060). */
  readonly moderation: OfferModeration;
  /** The ECB rates job; null when it is switched off. */
  readonly ecbRates: EcbRatesJobReader | null;
  /** Price standings computed lately, read by their reports' later pages (ADR 144). */
  readonly standings: StandingSnapshots;
}

/** What the shop reviews' handlers work with (ShopReviewsService, ADR 119). */
export interface ShopReviewsDependencies {
  readonly shops: ShopRepository;
  readonly reviews: ShopReviewRepository;
  /** The verified mark, also when the click is stored after the review (ADR 119). */
  readonly verification: ShopReviewVerification;
  readonly ratings: ShopRatings;
  /** Announces a change of the shop's page that leaves its rating as it is (an owner's reply). */
  readonly announcer: ShopPageAnnouncer;
  readonly actors: ActorRules;
  /** Staff moderation's entries (ADR 042a): the shopping panel's. */
  readonly audit: AuditLog;
  readonly clock: () => Date;
}
