import { ShopStatus, SuspensionReason } from '@pc/proto/offers/v1/types';
import type { OutboxFields } from '@pc/kit/events/outbox';
import type { ShopRatingRecord } from './shop-rating.js';

export interface AddressRecord {
  readonly line1: string;
  readonly line2: string;
  readonly zipCode: string;
  readonly city: string;
  readonly country: string;
}

/** The outcome of a feed's latest fetch and analysis (crawler's FeedFetched, or an upload). */
export interface FeedFetchRecord {
  /** The crawler's fetch id, or the upload's ingestion id. */
  readonly fetchId: string;
  readonly fetchedAt: string;
  readonly httpStatus: number;
  readonly succeeded: boolean;
  readonly itemsTotal: number;
  readonly itemsValid: number;
  readonly itemsInvalid: number;
  readonly message: string;
  readonly issues: readonly string[];
  /**
   * A failed crawler fetch: why, a `FeedFailureReason` as the owner's notices classify it
   * (domain/feed-health.ts, which reads this record). Absent on a success, an upload, a fetch
   * the crawler cut short, and fetches stored before.
   */
  readonly failureReason?: string;
}

/**
 * Offers of the feed to delist once the observations of a complete fetch are ingested: those of
 * the feed not seen since the fetch started (less the last-seen granularity).
 */
export interface FeedRemovalRecord {
  readonly fetchId: string;
  /** The fetch's start (ISO): offers last seen before it, less the granularity, are gone. */
  readonly startedAt: string;
  /** When the FeedFetched arrived (ISO): the removal waits for the ingest backlog, not forever. */
  readonly requestedAt: string;
}

/**
 * What the owner was last told of a feed's failures (ADR 128): when the last `failing` notice
 * was due, and whether the feed still fails since (a working fetch then tells it recovered).
 */
export interface FeedHealthNoticeRecord {
  /** When the last `failing` notice was due (ISO). */
  readonly failingAt: string;
  /** No working fetch since that notice. */
  readonly open: boolean;
}

export interface FeedRecord {
  readonly id: string;
  readonly url: string;
  readonly format: number;
  readonly country: string;
  readonly currency: string;
  readonly language: string;
  readonly fetchIntervalMinutes: number;
  readonly status: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Absent before the first fetch (and on feeds stored before fetches were recorded). */
  readonly lastFetch?: FeedFetchRecord | null;
  readonly pendingRemoval?: FeedRemovalRecord | null;
  /** Absent until a fetch of an owned shop's feed first failed. */
  readonly healthNotice?: FeedHealthNoticeRecord | null;
  /**
   * While the last fetch failed: the first failed fetch's `fetchedAt` of this run of failures
   * (shop settings' "failing since"); null once a fetch works. Absent on feeds stored before.
   */
  readonly failingSince?: string | null;
}

/**
 * The subscription that pays for an owned shop, as billing's SubscriptionChanged last told it
 * (ADR 046): activation needs it `active` or `past_due`.
 */
export interface ShopBillingRecord {
  readonly subscriptionId: string;
  /** Stripe's words: active, past_due, unpaid, canceled, incomplete, incomplete_expired. */
  readonly status: string;
}

/**
 * A change of the shop's published reviews whose rating is not written yet (ADR 119): noted on
 * the shop before the review write, removed by the rating write that follows it, or, when that
 * never came (a crash), by a repair once it is older than any call could still be running.
 */
export interface RatingChangeRecord {
  readonly id: string;
  /** When the change began (ISO). */
  readonly at: string;
}

/** Offers of a shop that still have to be taken off the listings after a status change. */
export type OffersCleanup = '' | 'suspended' | 'deleted';

/** A shop as stored. Deleted shops stay as tombstones (their offers' history names them). */
export interface ShopRecord extends OutboxFields {
  readonly _id: string;
  readonly name: string;
  /** Lower-cased name for sorting independent of case. */
  readonly sortName: string;
  readonly faviconUrl: string;
  readonly logoUrl: string;
  readonly domain: string;
  /** Unique: the domain while the shop exists, `deleted:<id>` after, so the domain can return. */
  readonly domainKey: string;
  readonly homepageUrl: string;
  readonly description: string;
  readonly countries: readonly string[];
  readonly status: ShopStatus;
  readonly confirmed: boolean;
  readonly registeredAt: string;
  readonly confirmedAt: string | null;
  /** '' for directory shops listed by staff or the seed. */
  readonly ownerUserId: string;
  readonly directoryListing: boolean;
  readonly company: string;
  readonly commercialRegisterNumber: string;
  readonly address: AddressRecord;
  readonly phone: string;
  readonly email: string;
  readonly feeds: readonly FeedRecord[];
  readonly urlParameters: readonly { readonly name: string; readonly value: string }[];
  /** Active offers, refreshed by the sweep (sorting by offer count; GetShop counts live). */
  readonly offersCount: number;
  /** Set with a status change that delists its offers; cleared once all are delisted. */
  readonly offersCleanup: OffersCleanup;
  /** A feed of the shop has a pending removal (indexed: the feed-completion job finds them). */
  readonly feedRemovalPending?: boolean;
  readonly updatedAt: string;
  readonly deletedAt: string | null;
  /** Spec §4 "product feeds analysed": the first successful feed analysis after the subscription started. */
  readonly feedsAnalysedAt?: string | null;
  /** Why a SUSPENDED shop is suspended (UNSPECIFIED otherwise). */
  readonly suspensionReason?: SuspensionReason;
  /** The status a payment suspension interrupted: a paid subscription brings it back. */
  readonly resumeStatus?: ShopStatus;
  /** Absent for directory shops and before the first SubscriptionChanged naming the shop. */
  readonly billing?: ShopBillingRecord | null;
  /** Certified green by staff (SetShopStatus; ADR 108); absent on shops stored before: not green. */
  readonly green?: boolean;
  /** Visitors' rating over the published reviews (ADR 119); absent or null while there is none. */
  readonly rating?: ShopRatingRecord | null;
  /** Review changes whose rating is not written yet (bookkeeping, no version of its own). */
  readonly ratingChanges?: readonly RatingChangeRecord[];
  /** True while `ratingChanges` is not empty (indexed: the sweep repairs those shops' ratings). */
  readonly ratingPending?: boolean;
  /**
   * The earliest `failingSince` of its FAILING feeds (domain/failing-feeds.ts), absent when none
   * fails; derived on every write (indexed: staff's list of failing feeds, longest failing first).
   */
  readonly failingFeedSince?: string;
  /** Monotonic per shop; +1 per ShopChanged. */
  readonly version: number;
}

export const isListed = (shop: ShopRecord): boolean => shop.status === ShopStatus.SHOP_STATUS_ACTIVE;
export const isDeleted = (shop: ShopRecord): boolean => shop.status === ShopStatus.SHOP_STATUS_DELETED;
export const isGreen = (shop: ShopRecord): boolean => shop.green === true;
export const suspensionOf = (shop: ShopRecord): SuspensionReason =>
  shop.suspensionReason ?? SuspensionReason.SUSPENSION_REASON_UNSPECIFIED;
