import type { FeedFormatName } from './forms';

/**
 * Where a shop is in its lifecycle, as the owner reads it (spec §4): awaiting a payment method,
 * subscription started, product feeds analysed, activated — or suspended, for payment or by staff.
 */
export type ShopStage =
  'awaitingPayment' | 'subscriptionStarted' | 'feedsAnalysed' | 'active' | 'suspendedPayment' | 'suspendedStaff';

/**
 * A subscription can be started for a shop that awaits one, or that lost it for payment — unless
 * the account's unpaid subscription still covers it: then a new card pays its open invoice.
 */
export const isSubscribable = (stage: ShopStage, coveredWhileUnpaid = false): boolean =>
  stage === 'awaitingPayment' || (stage === 'suspendedPayment' && !coveredWhileUnpaid);

/** A shop row of the dashboard and the head of its settings page. */
export interface ShopView {
  readonly id: string;
  readonly name: string;
  readonly domain: string;
  readonly homepageUrl: string;
  readonly stage: ShopStage;
  readonly confirmed: boolean;
  /** ISO date. */
  readonly registeredAt: string;
  readonly offersCount: number;
  readonly feedsCount: number;
  /** Its failing feeds (ADR 128): how many, and since when the longest-failing one fails (ISO); null when none fails. */
  readonly feedsFailing: { readonly count: number; readonly since: string } | null;
}

/** What shop settings' details form shows: the owner's own shop, its private fields too (form field names). */
export interface ShopDetailsView {
  readonly name: string;
  readonly description: string;
  readonly company: string;
  readonly commercial_register_number: string;
  readonly line1: string;
  readonly line2: string;
  readonly zip_code: string;
  readonly city: string;
  readonly country: string;
  readonly phone: string;
  readonly email: string;
}

export type FeedStatusName = 'pending' | 'active' | 'failing' | 'disabled';

/**
 * Why a feed's fetch failed: offers' reason codes (FeedFetchSummary.failure_reason, ADR 128),
 * each a sentence of the site's messages (`business.feeds.failureReasons`).
 */
export const FEED_FAILURE_REASONS = [
  'not_found',
  'access_denied',
  'server_error',
  'http_error',
  'throttled',
  'timeout',
  'too_large',
  'redirects',
  'host_not_found',
  'address_refused',
  'network',
  'robots',
  'unreadable',
  'other',
] as const;

export type FeedFailureReasonName = (typeof FEED_FAILURE_REASONS)[number];

/** A product feed of shop settings with its last analysis (the crawler's fetch, spec §4 "product feeds analysed"). */
export interface FeedView {
  readonly id: string;
  readonly url: string;
  readonly format: FeedFormatName;
  readonly status: FeedStatusName;
  readonly lastAnalysis: {
    /** ISO time. */
    readonly at: string;
    readonly succeeded: boolean;
    readonly httpStatus: number;
    readonly total: number;
    readonly valid: number;
    readonly invalid: number;
    readonly message: string;
    readonly issues: readonly string[];
  } | null;
  /** A failing feed: since when (ISO, the run's first failed fetch) and why its last fetch failed. */
  readonly failure: { readonly since: string; readonly reason: FeedFailureReasonName } | null;
}
