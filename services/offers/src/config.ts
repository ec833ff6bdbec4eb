import { z } from 'zod';
import { grpcAddress } from '@pc/kit/config/env-types';
import { mailConfigShape, requireSmtpUrl } from '@pc/kit/config/mail-config';
import { serviceConfigSchema } from '@pc/kit/config/service-config';
import { FetchPolicyError, parseFetchPolicy } from '@pc/safe-fetch/fetch-policy';

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Where the ECB publishes its euro reference rates of the day (a zip holding eurofxref.csv). */
export const ECB_RATES_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref.zip';

const isHttpUrl = (text: string): boolean => URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol);

/** A duration such as `72h`, `30m`, `3d` or `45s`, read as milliseconds; `fallback` when unset. */
const duration = (fallback: string) =>
  z
    .string()
    .regex(/^\d+(s|m|h|d)$/, 'must be a whole number with a unit s, m, h or d, e.g. "72h"')
    .prefault(fallback)
    .transform((value) => Number(value.slice(0, -1)) * UNIT_MS[value.slice(-1) as keyof typeof UNIT_MS])
    .refine((ms) => ms > 0, 'must be positive');

/** The offers service's environment: the common variables plus its peers and freshness rules. */
export const offersConfigSchema = serviceConfigSchema({
  /** Shop owners' lifecycle e-mails (the local outbox folder, or SMTP). */
  ...mailConfigShape,
  /** The site's public origin: the business dashboard link in owners' e-mails. */
  SITE_URL: z.string().url().default('http://127.0.0.1:3000'),
  /** catalog, for matching new offers to products (the local profile runs it on 50051). */
  CATALOG_GRPC_ADDR: grpcAddress.default('127.0.0.1:50051'),
  /** accounts, for the admin role of actors (local profile: 50054). */
  ACCOUNTS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50054'),
  /** An offer not seen for longer drops out of listings, summaries and prices abroad. */
  OFFERS_STALE_AFTER: duration('72h'),
  /**
   * An unchanged observation refreshes the stored last-seen time at most this often: freshness
   * to this granularity for one write per offer per period instead of one per observation.
   */
  OFFERS_LAST_SEEN_GRANULARITY: duration('1h'),
  /** How often the freshness sweep runs (stale offers, shop clean-ups, trends, retention). */
  OFFERS_SWEEP_INTERVAL: duration('5m'),
  /**
   * How often shops' counts of listed offers are refreshed (a ShopChanged when one changed); less
   * often when a run takes more than 2 % of the time (freshness-sweep.ts).
   */
  OFFERS_SHOP_COUNT_INTERVAL: duration('1m'),
  /**
   * Observations of one partition ingested at once (offers of one shop item stay in order). Their
   * catalog matches share calls and their writes share commits: the ingest's throughput knob.
   */
  OFFERS_INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
  /**
   * Offers whose observed fields the ingest remembers, so that an unchanged observation needs no
   * read (ADR 034; 24 bytes a slot, ~200 MB at the default). 0 switches the memo off. It is off
   * anyway on a store shared with other writers (MongoDB).
   */
  OFFERS_MEMO_MAX_OFFERS: z.coerce.number().int().min(0).default(6_000_000),
  /** How often offers that complete feed fetches no longer list are delisted (feed-completion.ts). */
  OFFERS_FEED_COMPLETION_INTERVAL: duration('30s'),
  /** Google taxonomy files for checking uploaded feeds' google_product_category; unset: found as catalog finds them, else form only. */
  GOOGLE_TAXONOMY_DIR: z.string().optional(),
  /** Deadline of a catalog MatchProducts call. */
  CATALOG_DEADLINE_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * The ECB's daily reference rates, fetched by the recurring job `offers.ecb-rates` through the
   * SSRF guard: the zip holding `eurofxref.csv`, or that CSV itself. Empty switches the job off
   * (a platform without internet access; `npm start` sets it empty).
   */
  OFFERS_ECB_RATES_URL: z
    .string()
    .trim()
    .refine((url) => url === '' || isHttpUrl(url), 'must be an http(s) URL, or empty to switch the job off')
    .default(ECB_RATES_URL),
  /** How often the ECB's rates are fetched (it publishes once a working day, around 16:00 CET). */
  OFFERS_ECB_RATES_INTERVAL: duration('4h'),
  /** The fetch guard's exceptions (none by default; tests serve the ECB's file on 127.0.0.1). */
  FETCH_ALLOW_PORTS: z.string().default(''),
  FETCH_ALLOW_PRIVATE: z.string().default(''),
})
  .superRefine(requireSmtpUrl)
  .superRefine((env, ctx) => {
    try {
      parseFetchPolicy(env);
    } catch (error) {
      if (!(error instanceof FetchPolicyError)) throw error;
      ctx.addIssue({ code: 'custom', path: [error.variable], message: error.message.replace(/^\w+: /, '') });
    }
  });

export type OffersConfig = z.infer<typeof offersConfigSchema>;
