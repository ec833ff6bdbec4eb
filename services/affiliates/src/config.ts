import { z } from 'zod';
import { grpcAddress, port, positiveInt } from '@pc/kit/config/env-types';
import { serviceConfigSchema } from '@pc/kit/config/service-config';

/** `network=secret` pairs, comma-separated: each network's postback secret. */
const postbackSecrets = z
  .string()
  .default('')
  .transform((text, context) => {
    const secrets = new Map<string, string>();
    for (const pair of text
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [network = '', secret = ''] = pair.split(/=(.*)/s);
      if (!/^[a-z0-9][a-z0-9_-]{0,39}$/.test(network) || secret.length < 16) {
        context.addIssue({
          code: 'custom',
          message: 'each entry must be network=secret (a lower-case network name, a secret of at least 16 characters)',
        });
        return z.NEVER;
      }
      secrets.set(network, secret);
    }
    return secrets;
  });

/** The affiliates service's environment: the common variables plus its peers and its own. */
export const affiliatesConfigSchema = serviceConfigSchema({
  /** accounts, for the admin role of actors of staff writes and reads (local profile: 50054). */
  ACCOUNTS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50054'),
  /** offers, for shops (owner, homepage), a product's offers on a read-model miss, and FX rates (local profile: 50052). */
  OFFERS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50052'),
  /**
   * The secret behind visitor keys (keyed hashes with a daily salt; ADR 043). Unset: one is
   * generated once and kept in the service's store, shared by its replicas.
   */
  AFFILIATES_VISITOR_KEY_SECRET: z.string().min(16).optional(),
  /** A visitor's repeat on the same location within this is kept but not counted. */
  AFFILIATES_DUPLICATE_WINDOW_MS: positiveInt.default(30_000),
  /** A visitor who sees an advertisement again within this counts no new impression (ADR 104). */
  AFFILIATES_IMPRESSION_REPEAT_WINDOW_MS: positiveInt.default(60_000),
  /** Our click id parameter on every click-out ('' for none); networks' own come from affiliate accounts. */
  AFFILIATES_CLICK_ID_PARAMETER: z
    .string()
    .regex(/^([A-Za-z0-9_.-]{1,64})?$/)
    .default('pc_click'),
  /** Postback secrets per network, e.g. "awin=…,direct=…" (HMAC-SHA256; ADR 043). */
  AFFILIATES_POSTBACK_SECRETS: postbackSecrets,
  /** A postback signed longer ago than this (or this far ahead) is refused. */
  AFFILIATES_POSTBACK_MAX_AGE_S: positiveInt.default(300),
  /** The organisation EcoTip donations go to. */
  AFFILIATES_ECOTIP_ORGANISATION: z.string().min(1).max(200).default('EcoTip environmental partner'),
  /** The donation's share of the purchase value in basis points (spec §9: 1 %). */
  AFFILIATES_ECOTIP_BASIS_POINTS: z.coerce.number().int().min(0).max(10_000).default(100),
  /** The click-out endpoint's HTTP port (`GET /goto/{location}`, ADR 043). Unset: OPS_PORT + 10 (0 when OPS_PORT is 0). */
  AFFILIATES_HTTP_PORT: port.optional(),
  /** Proxies whose X-Forwarded-For the click-out endpoint believes (addresses, CIDRs, or loopback, linklocal, uniquelocal). */
  AFFILIATES_TRUST_PROXY: z.string().min(1).default('loopback,linklocal,uniquelocal'),
  /** ClickRecorded handled at once per partition: one batch write for all of them (ADR 043a). */
  AFFILIATES_FOLD_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(1_000),
  /**
   * How long the fold gathers ClickRecorded that trickle in before it writes them as one batch:
   * each batch rewrites the documents it touches (a shop's day, tally shards and month), so a click
   * alone would pay for whole documents. A quarter second keeps that near 1.5 documents per click
   * at 1,000 clicks/s over a hundred shops (ADR 070); the statistics trail the clicks by as much.
   */
  AFFILIATES_FOLD_LINGER_MS: z.coerce.number().int().min(0).max(1_000).default(250),
});

export type AffiliatesConfig = z.infer<typeof affiliatesConfigSchema>;
