import { z } from 'zod';
import { formatDay } from '../calendar/days.js';
import type { SeedOptions } from '../cli/seed-options.js';
import { SeedFailure } from '../run/seed-failure.js';
import type { SeedShop } from '../shops/seed-shop.js';

/**
 * What the seed reads of the demo shops' manifest (`GET /__admin/shops`, scripts/demo-shops
 * `site/manifest.ts`): where each shop's site is, its feeds (one per format and country) and
 * the selector rules its visible-HTML pages need. Checked, so a demo-shops process of another
 * world is refused with a clear message instead of seeding the wrong shops.
 */
const feedSchema = z.object({
  format: z.enum(['google-merchant-xml', 'csv', 'tsv', 'idealo-csv']),
  url: z.url(),
  country: z.string(),
  currency: z.string(),
  language: z.string(),
});
const rulesSchema = z.object({
  name: z.string(),
  price: z.string(),
  availability: z.string(),
  gtin: z.string(),
  mpn: z.string(),
  sku: z.string(),
  brand: z.string(),
  image: z.string(),
});
const manifestSchema = z.object({
  seed: z.string(),
  products: z.number(),
  until: z.string(),
  historyDays: z.number(),
  shops: z.array(
    z.object({
      index: z.number(),
      name: z.string(),
      baseUrl: z.url(),
      selectorRules: rulesSchema.nullable(),
      feeds: z.array(feedSchema),
    }),
  ),
});

export type DemoShopsManifest = z.infer<typeof manifestSchema>;
export type DemoShopEntry = DemoShopsManifest['shops'][number];
export type DemoFeed = z.infer<typeof feedSchema>;

/** The manifest of the running demo shops, which must serve the world these flags generate. */
export async function readDemoShops(
  adminUrl: string,
  options: SeedOptions,
  shops: readonly SeedShop[],
): Promise<DemoShopsManifest> {
  let body: unknown;
  try {
    const response = await fetch(`${adminUrl.replace(/\/+$/, '')}/__admin/shops`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw new SeedFailure(
      `the demo shops are not reachable at ${adminUrl} (${(error as Error).message}): the demo data comes through their feeds and pages, so start them (npm start runs them) or set DEMO_SHOPS_URL; bench:core passes --bench-direct instead`,
      { cause: error },
    );
  }
  const parsed = manifestSchema.safeParse(body);
  if (!parsed.success)
    throw new SeedFailure(
      `the demo shops at ${adminUrl} answered with a manifest the seed cannot read: ${parsed.error.issues[0]?.message ?? 'unknown shape'}`,
    );
  const manifest = parsed.data;
  const wanted = {
    seed: options.seed,
    products: options.products,
    until: formatDay(options.untilDay),
    historyDays: options.historyDays,
    shops: shops.length,
  };
  const served = {
    seed: manifest.seed,
    products: manifest.products,
    until: manifest.until,
    historyDays: manifest.historyDays,
    shops: manifest.shops.length,
  };
  if (JSON.stringify(wanted) !== JSON.stringify(served)) {
    throw new SeedFailure(
      `the demo shops at ${adminUrl} serve another world (${JSON.stringify(served)}) than these flags make (${JSON.stringify(wanted)}): start them with the same SEED_ARGS`,
    );
  }
  return manifest;
}

/** The seed's shops as they live on the demo shops' sites: homepage and domain at the shop's own address. */
export function shopsAtTheirSites(shops: readonly SeedShop[], manifest: DemoShopsManifest): SeedShop[] {
  return shops.map((shop) => {
    const entry = manifest.shops[shop.index];
    if (!entry || entry.index !== shop.index)
      throw new SeedFailure(`the demo shops' manifest has no shop ${shop.index}`);
    const site = new URL(entry.baseUrl);
    return { ...shop, homepageUrl: `${site.origin}/`, domain: site.hostname };
  });
}
