import type { GetShopPriceStandingResponse } from '@pc/proto/offers/v1/offers';
import { offers } from '~/services/offers.server';
import { productNames } from './click-stats.server';

/** The rows the page shows; the CSV pages through every one, 1000 a call (offers' maximum). */
export const STANDING_PAGE_ROWS = 50;
const CSV_PAGE_ROWS = 1000;

/** A product another shop is cheaper at, with its name (null when the catalogue no longer has it). */
export interface StandingRow {
  readonly productId: string;
  readonly name: string | null;
  /** Minor units of `currency`: the shop's price, the lowest, their difference. */
  readonly priceMinor: number;
  readonly lowestMinor: number;
  readonly gapMinor: number;
  readonly gapPercent: number;
  readonly cheapestShopId: string;
  readonly cheapestShopName: string;
  readonly shopsCount: number;
  /** Totals with shipping; false: item prices (neither offer states shipping). */
  readonly shippingStated: boolean;
}

/** Where a shop's prices stand in one country (ADR 144), as the page and the CSV show it. */
export interface PriceStanding {
  readonly country: string;
  readonly currency: string;
  readonly countries: readonly string[];
  /** `held`: products whose only prices the site holds as implausibly low (ADR 146). */
  readonly counts: { cheapest: number; within: number; above: number; notCompared: number; held: number };
  readonly products: readonly StandingRow[];
  readonly totalProducts: number;
  readonly nextPageToken: string;
  /** ISO time offers computed the figures (the pages after the first read the same computation). */
  readonly computedAt: string;
}

const rowsOf = (answer: GetShopPriceStandingResponse, names: Record<string, string>): StandingRow[] =>
  answer.products.map((row) => ({
    productId: row.productId,
    name: names[row.productId] ?? null,
    priceMinor: row.price?.amountMinor ?? 0,
    lowestMinor: row.lowestPrice?.amountMinor ?? 0,
    gapMinor: row.gap?.amountMinor ?? 0,
    gapPercent: row.gapPercent,
    cheapestShopId: row.cheapestShopId,
    cheapestShopName: row.cheapestShopName,
    shopsCount: row.shopsCount,
    shippingStated: row.shippingStated,
  }));

/**
 * A shop's price standing for its owner: offers' GetShopPriceStanding, acting for the signed-in
 * user (offers checks they own the shop; its RpcError reaches the caller), one page of products
 * — or every product with `all` (the CSV) — named by the catalogue in batches of 100.
 */
export async function priceStanding(
  actorUserId: string,
  shopId: string,
  options: { country: string; language: string; pageToken?: string; all?: boolean },
): Promise<PriceStanding> {
  const ask = (pageToken: string, pageSize: number) =>
    offers.getShopPriceStanding({ actorUserId, shopId, country: options.country, pageSize, pageToken });
  const first = await ask(options.pageToken ?? '', options.all ? CSV_PAGE_ROWS : STANDING_PAGE_ROWS);
  const products = [...first.products];
  let token = first.nextPageToken;
  while (options.all && token) {
    const next = await ask(token, CSV_PAGE_ROWS);
    products.push(...next.products);
    token = next.nextPageToken;
  }
  const names = await productNames(
    products.map((row) => row.productId),
    options.language,
  );
  return {
    country: first.country,
    currency: first.currency,
    countries: first.countries,
    counts: {
      cheapest: first.cheapestCount,
      within: first.withinFivePercentCount,
      above: first.aboveFivePercentCount,
      notCompared: first.notComparedCount,
      held: first.heldCount,
    },
    products: rowsOf({ ...first, products }, names),
    totalProducts: first.totalProducts,
    nextPageToken: options.all ? '' : first.nextPageToken,
    computedAt: (first.computedAt ?? new Date()).toISOString(),
  };
}
