import { z } from 'zod';
import { flag, grpcAddress } from '@pc/kit/config/env-types';
import { mailConfigShape, requireSmtpUrl } from '@pc/kit/config/mail-config';
import { serviceConfigSchema } from '@pc/kit/config/service-config';

/** The notifications service's environment: peers, VAPID, the mailer and delivery settings. */
export const notificationsConfigSchema = serviceConfigSchema({
  ...mailConfigShape,
  /** accounts: actors, admin role and e-mail addresses (local profile: 50054). */
  ACCOUNTS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50054'),
  /** catalog: the product's name in an alert's words (local profile: 50051). */
  CATALOG_GRPC_ADDR: grpcAddress.default('127.0.0.1:50051'),
  /** offers: the current price of a new alert (local profile: 50052). */
  OFFERS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50052'),
  /** The VAPID key pair (base64url); both or neither. Unset: generated once and stored. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key in base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url')
    .optional(),
  /**
   * The key "stop e-mails" links of alert mails are signed with (ADR 152), at least 32
   * characters, the same on every replica. Unset: made on the first start and stored.
   */
  ALERT_MAIL_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The VAPID contact push services may write to. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'must be a mailto: or https: URL')
    .default('mailto:ops@pricecompare.local'),
  /** Links in e-mails point here. */
  SITE_URL: z.string().url().default('http://127.0.0.1:3000'),
  SITE_NAME: z.string().min(1).default('pricecompare'),
  /** Accept http:// push endpoints on loopback hosts (our local push service; never in production). */
  PUSH_ALLOW_LOCAL_HTTP: flag.default(false),
  PUSH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * The countries alerts may watch and the currency each compares prices in (the site's
   * countries), e.g. "CH:CHF,DE:EUR": an alert elsewhere, or a target in another currency, is
   * refused even where no offer exists yet.
   */
  ALERT_MARKETS: z
    .string()
    .default('CH:CHF,DE:EUR,FR:EUR,GB:GBP')
    .transform((value) =>
      value.split(',').map((pair) =>
        pair
          .trim()
          .split(':')
          .map((part) => part.trim().toUpperCase()),
      ),
    )
    .pipe(
      z
        .array(
          z.tuple([
            z.string().regex(/^[A-Z]{2}$/, 'a country such as CH'),
            z.string().regex(/^[A-Z]{3}$/, 'a currency such as CHF'),
          ]),
        )
        .min(1),
    )
    .transform((pairs) => new Map(pairs)),
  /** How often this replica's alert index picks up alerts written by other replicas. */
  ALERT_INDEX_SYNC_MS: z.coerce.number().int().positive().default(2_000),
  /** How often every product's count of watching alerts is recounted (repairs a missed recount). */
  PRODUCT_WATCH_SWEEP_MS: z.coerce.number().int().positive().default(600_000),
  /**
   * Price events of one partition evaluated at once (one product's stay in order). Above 1 the
   * consumer also commits its position once per batch instead of once per event: on the local
   * profile's shared event log, each commit is a write transaction that offers' appends wait for.
   */
  NOTIFICATIONS_EVENT_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
})
  .superRefine(requireSmtpUrl)
  .superRefine((env, ctx) => {
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY))
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together',
      });
  });

export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;
