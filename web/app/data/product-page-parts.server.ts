import type { Product } from '@pc/proto/catalog/v1/types';
import { config } from '~/config.server';
import { categoryTags, listingTags } from '~/site/cache-headers';
import type { ProductPageOffersQuery } from '~/services/offers.server';
import { pageParts } from './page-parts.server';
import type { ProductPageOffers } from './product-page-offers.server';
import type { ProductCardData } from './cards';

/**
 * The product page's parts this site process keeps between the events that change them (ADR
 * 093): the product (catalog), its offers with their summary, trend, history and prices abroad
 * (offers), the clicks on those offers and the advertisement (affiliates) and its rows (search).
 * Every change of the product, its offers and its rows is named by an event the site follows
 * (`evented`: kept longer while it follows the bus, ADR 101); the clicks and the advertisement
 * are not.
 */
export const productPageParts = pageParts({
  maxAgeMs: config.PAGE_PARTS_MAX_AGE_SECONDS * 1000,
  eventedMaxAgeMs: config.PAGE_PARTS_EVENTED_MAX_AGE_SECONDS * 1000,
  staleMs: config.PAGE_PARTS_STALE_SECONDS * 1000,
  readsAgainPerSecond: config.PAGE_PARTS_READS_AGAIN_PER_SECOND,
  maxEntries: config.PAGE_PARTS_MAX_ENTRIES,
});

const product = (id: string) => `product:${id}`;
const shop = (id: string | undefined) => (id ? [`shop:${id}`] : []);
const evented = { evented: true } as const;

/**
 * The product as catalog has it, in `language`: its data and reviews change it (ProductChanged,
 * ReviewAdded), and so do the names of the categories of its trail (CategoryChanged, ADR 131).
 */
export const keptProduct = (id: string, language: string, load: () => Promise<Product>): Promise<Product> =>
  productPageParts.read(
    `product|${id}|${language}`,
    load,
    (answer) => [product(id), ...categoryTags(trailOf(answer))],
    evented,
  );

/** The ids of the categories a product's page names: its trail and its own category. */
export const trailOf = (answer: {
  readonly breadcrumbs: readonly { readonly id: string }[];
  readonly category?: { readonly id: string } | null;
}): string[] => [...answer.breadcrumbs.map((crumb) => crumb.id), ...(answer.category ? [answer.category.id] : [])];

/**
 * The offers' parts for one query (country, filters, currency, history range); kept only when
 * offers answered all of them. An offer's or a shop's change names them, an offer that passed its
 * freshness window too (the offers service's sweep withdraws it with an OfferChanged); the exchange
 * rates of the prices abroad change daily, and reach the page within the evented age.
 */
export const keptOffers = (
  query: ProductPageOffersQuery,
  load: () => Promise<ProductPageOffers>,
): Promise<ProductPageOffers> =>
  productPageParts.read(
    `offers|${JSON.stringify(query)}`,
    load,
    (answer) =>
      answer.complete
        ? [
            product(query.productId),
            ...(answer.listed?.offers.flatMap((offer) => shop(offer.shop?.id)) ?? []),
            // The shops the prices abroad name (their stars): the cheapest, the landed estimate's.
            ...(answer.abroad?.abroad.flatMap((row) => [
              ...shop(row.cheapestShop?.id),
              ...shop(row.landed?.shop?.id),
            ]) ?? []),
          ]
        : null,
    evented,
  );

/**
 * The counted clicks of a product's listed offers. Affiliates counts them from its click events
 * after the fact, so no event says when a count is current: they live out the maximum age (as on
 * a page in a shared cache). Not kept when affiliates did not answer (null).
 */
export const keptClicks = (
  productId: string,
  offerIds: readonly string[],
  load: () => Promise<Map<string, number> | null>,
): Promise<Map<string, number> | null> =>
  productPageParts.read(`clicks|${productId}|${offerIds.join(',')}`, load, (counts) =>
    counts ? [product(productId)] : null,
  );

/**
 * The advertisement of the product page's slot for a country, language and category path. Serving
 * one counts nothing (the browser counts what a visitor saw, ADR 104), so it is kept like the
 * clicks: no event says when the ads running change, and it lives out the maximum age.
 */
export const keptAds = <T>(
  key: { country: string; language: string; categoryPath: readonly string[] },
  load: () => Promise<T>,
): Promise<T> =>
  productPageParts.read(`ads|${key.country}|${key.language}|${key.categoryPath.join('>')}`, load, () => []);

interface Rows {
  readonly similar: readonly ProductCardData[] | null;
  readonly brandRow: readonly ProductCardData[] | null;
  readonly categoryRow: readonly ProductCardData[] | null;
}

/**
 * The rows of a product (similar, its brand's, its category's) for a locale and language: kept
 * while search lists none of their products, nor the product itself, differently
 * (ListingsChanged). A product new in a category or brand joins its rows within the evented age.
 * `complete`: every list was answered.
 */
export const keptRows = <T extends Rows>(
  key: { productId: string; locale: string; language: string; brand?: string; category?: string },
  load: () => Promise<{ rows: T; complete: boolean }>,
): Promise<{ rows: T; complete: boolean }> =>
  productPageParts.read(
    `rows|${key.productId}|${key.locale}|${key.language}|${key.brand ?? ''}|${key.category ?? ''}`,
    load,
    ({ rows, complete }) =>
      complete
        ? listingTags([
            { id: key.productId },
            ...[rows.similar, rows.brandRow, rows.categoryRow].flatMap((row) => row ?? []),
          ])
        : null,
    evented,
  );
