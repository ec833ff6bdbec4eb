import { z } from 'zod';
import { loadConfig } from '@pc/kit/config/load-config';
import { grpcAddress } from '@pc/kit/config/env-types';
import { checkGrpcTls, grpcTlsShape } from '@pc/kit/config/grpc-tls-config';
import { identityShape } from '@pc/kit/config/identity-config';
import { setClientTls } from '@pc/kit/grpc/channel-pool';
import { loadProcessIdentity } from '@pc/kit/identity/process-identity';
import serviceList from '../../services/services.json';

/**
 * The BFF's configuration, read once at start. Server-only: nothing here reaches the browser
 * (only the values a loader returns explicitly do).
 */
const schema = z
  .object({
    /** TLS towards the services (GRPC_TLS_CA alone, or with CERT/KEY for mutual TLS); unset: plaintext. */
    ...grpcTlsShape,
    ...identityShape,
    /** Folder of the site's own markdown pages (GET /api/markdown/{source}), relative to web/. */
    MARKDOWN_DIR: z.string().min(1).default('content/markdown'),
    /**
     * The site's host per country, e.g. "ch=www.pricecompare.ch,de=www.pricecompare.de": a country
     * switch sends the browser there with the same path (spec §4). Empty (local): the locale prefix
     * alone switches the country, on this host.
     */
    COUNTRY_HOSTS: z
      .string()
      .default('')
      .transform((value) =>
        Object.fromEntries(
          value
            .split(',')
            .filter((p) => p.includes('='))
            .map((p) => p.split('=', 2).map((x) => x.trim()) as [string, string]),
        ),
      ),
    /**
     * How the product page reads offers (ADR 057): `batched`, one GetProductPageOffers call for the
     * offers, price summary, trend, history and prices abroad; `separate`, one call each (the
     * rollback, and bench:web's baseline). A batched call that offers does not know yet falls back.
     */
    PRODUCT_PAGE_READS: z.enum(['batched', 'separate']).default('batched'),
    /**
     * How long a page part (the product page's product, offers, clicks and rows) may be kept in memory
     * between the events that change it (ADR 093): the age a shared cache may give the page
     * (PRICES_SHARED_SECONDS). 0 keeps none: every render asks the services.
     */
    PAGE_PARTS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).default(30),
    /**
     * How long a page part every change of which an event names (the product, its offers, its rows;
     * not the clicks) may be kept while the site is heard following the event bus (ADR 101): its
     * changes drop it as they are heard, so this age bounds only what a lost event could leave
     * shown. Below PAGE_PARTS_MAX_AGE_SECONDS it counts as that.
     */
    PAGE_PARTS_EVENTED_MAX_AGE_SECONDS: z.coerce.number().int().min(0).default(300),
    /**
     * How long past that age a page part no event changed is still answered while one read in the
     * background replaces it (ADR 094): the page's own stale-while-revalidate. 0: read it first.
     */
    PAGE_PARTS_STALE_SECONDS: z.coerce.number().int().min(0).default(30),
    /**
     * How many of those reads in the background one site process begins in a second at most
     * (ADR 097), so that parts ageing together are read again over seconds, not all in the
     * first one; enough that the parts of a few hundred products visitors came back to are read
     * again within ten seconds of their visits, before their window ends (ADR 099). 0: no pace
     * (at most two at once, as always).
     */
    PAGE_PARTS_READS_AGAIN_PER_SECOND: z.coerce.number().min(0).default(60),
    /** How many page parts one site process keeps at most (the least recently read leave first). */
    PAGE_PARTS_MAX_ENTRIES: z.coerce.number().int().positive().default(3_000),
    /** Deadline of every call the BFF makes to a service. */
    SERVICE_DEADLINE_MS: z.coerce.number().int().positive().default(2_000),
    /**
     * Signs the XSRF-TOKEN cookie (HMAC), so a cookie planted by a sibling host cannot pass the
     * check. Every replica needs the same value (a Secret in the cluster); unset, a random one per
     * process (tokens then end with a restart: the client fetches a new one).
     */
    CSRF_SECRET: z.string().min(32).optional(),
    /** Secure cookies: `auto` when the request came over https (directly, or through a proxy in TRUSTED_PROXIES). */
    COOKIE_SECURE: z.enum(['auto', 'always', 'never']).default('auto'),
    /**
     * The site's public origin (the platform's SITE_URL): the card flow's return URLs, which billing
     * accepts only on this origin. Unset: the origin the request came to.
     */
    SITE_URL: z.string().url().optional(),
    /**
     * The staff admin app (web/admin, everything under /admin): where a signed-in admin goes from
     * guest-only pages (spec §2.5), the masthead's admin link and the product page's edit link
     * (`${ADMIN_SITE_URL}/shopping/products/{id}`). `/admin` when an ingress routes that path of this
     * host to the admin app; `https://admin.example.com/admin` on a host of its own; `npm start` sets
     * it to the local admin app.
     */
    ADMIN_SITE_URL: z
      .string()
      .min(1)
      .default('/admin')
      .transform((url) => url.replace(/\/+$/, '')),
  })
  .superRefine((env, ctx) => checkGrpcTls(env, ctx, false));

export type WebConfig = z.infer<typeof schema>;

export const config: WebConfig = loadConfig(schema);
// Every gateway's client calls with these files (they open their channels on first call).
setClientTls(config);
// Calls to the services carry this front's signed service token and the signed-in user's token.
if (config.IDENTITY_KEY_FILE) loadProcessIdentity('web', config);

/** `CATALOG_GRPC_ADDR` for `catalog`: the variable the chart and the launcher give each peer's address in. */
function addressVariable(name: string): string {
  return `${name.toUpperCase().replace(/-/g, '_')}_GRPC_ADDR`;
}

/** Every service of the platform, in the order of services/services.json (the status page asks each). */
export const SERVICE_NAMES: readonly string[] = serviceList.services.map((service) => service.name);

/** `<NAME>_GRPC_ADDR` of every service; by default the port of its place in the list, as `npm start` runs them. */
const serviceAddresses: Readonly<Record<string, string>> = loadConfig(
  z.object(
    Object.fromEntries(
      SERVICE_NAMES.map((name, index) => [addressVariable(name), grpcAddress.default(`127.0.0.1:${50051 + index}`)]),
    ),
  ),
);

/** Where a service answers gRPC. A name missing from services/services.json is a programming error. */
export function serviceAddress(name: string): string {
  const address = serviceAddresses[addressVariable(name)];
  if (address === undefined) throw new Error(`no service "${name}" in services/services.json`);
  return address;
}
