import { OfferSort, PriceHistoryRange, type ListOffersResponse } from '@pc/proto/offers/v1/offers';
import { liveProduct } from '~/api/endpoints/live-product.server';
import { productIdOf } from '~/api/endpoints/path-ids.server';
import { isoTime, moneyJson } from '~/api/mappers/money.server';
import { serverT } from '~/i18n/server-t.server';
import { landedJson } from '~/api/mappers/landed.server';
import { offerJson } from '~/api/mappers/offer.server';
import { shopRatingRefJson } from '~/api/mappers/shop-review.server';
import { offerClickCounts } from '~/services/affiliates.server';
import { adSlot } from './ad-slots.server';
import { priceHistoryJson } from '~/api/mappers/price-history.server';
import { historyView } from '~/product/history-view';
import { derivedOnce } from './derived-once.server';
import { productJson } from '~/api/mappers/product.server';
import { trendKey } from '~/api/mappers/enum-keys.server';
import { offerSorts } from '~/api/mappers/sort-keys.server';
import { modelTags } from '~/site/cache-headers';
import type { SiteContext } from '~/site/site-context.server';
import { productLists } from './lists.server';
import { productRowQueries, productRowsOf } from './product-rows';
import { readProductPageOffers } from './product-page-offers.server';
import { productGroupId } from './product-group-id.server';
import { productVariants } from './product-page-variants.server';
import { keptAds, keptClicks, keptOffers, keptProduct, keptRows } from './product-page-parts.server';
import { getProduct } from '~/services/catalog.server';
import type { ProductPageOffersQuery } from '~/services/offers.server';
import { abroadMarkup, priceFactsMarkup } from './price-markup.server';
import { abroadViews, featureRows, priceFactViews, summaryItems, trendView } from './price-views.server';
import { optional, required } from './load.server';
import { apiLocaleOf } from './site-locale.server';

export const HISTORY_RANGES = {
  '1m': PriceHistoryRange.PRICE_HISTORY_RANGE_ONE_MONTH,
  '3m': PriceHistoryRange.PRICE_HISTORY_RANGE_THREE_MONTHS,
  '1y': PriceHistoryRange.PRICE_HISTORY_RANGE_ONE_YEAR,
  all: PriceHistoryRange.PRICE_HISTORY_RANGE_ALL,
} as const;
export type HistoryRange = keyof typeof HISTORY_RANGES;

/** The offers filters of the page URL (the no-JavaScript form; the browser asks the API). */
export function offerFiltersOf(url: URL, homeCountry: string) {
  const country = (url.searchParams.get('country') ?? homeCountry).toUpperCase();
  const sortKey = url.searchParams.get('sort');
  const sort = offerSorts.keys.find((k) => k === sortKey) ?? 'cheapest';
  return {
    country: /^([A-Z]{2}|\*)$/.test(country) ? country : homeCountry,
    inStock: url.searchParams.get('in_stock') === '1',
    sort,
  };
}

const historyRangeOf = (url: URL): HistoryRange => {
  const value = url.searchParams.get('range');
  return value === '1m' || value === '1y' || value === 'all' ? value : '3m';
};

/** The advertisement of the product's slot: for its category and the category's ancestors. */
function productAds(
  context: SiteContext,
  product: { breadcrumbs: { id: string }[]; category?: { id: string } | null },
) {
  const categoryPath = [
    ...product.breadcrumbs.map((crumb) => crumb.id),
    ...(product.category?.id ? [product.category.id] : []),
  ];
  const slot = { country: context.locale.country, language: context.language, categoryPath };
  return keptAds(slot, () => adSlot(context, 'product', categoryPath));
}

/**
 * Everything the product page shows (spec §2.7); related data is left out when it fails. The
 * site's own warm-up render (ADR 096) asks for no advertisement: it shows it to no one.
 */
export async function productPage(context: SiteContext, segment: string, url: URL, { warmUp = false } = {}) {
  const locale = apiLocaleOf(context);
  const id = await required(Promise.resolve().then(() => productIdOf(segment)));
  const filters = offerFiltersOf(url, locale.country);
  const range = historyRangeOf(url);
  const moved = (to: string) => `/${locale.id}/products/${encodeURIComponent(to)}${url.search}`;
  const productCall = required(
    liveProduct(id, locale.language, moved, (productId, language) =>
      keptProduct(productId, language, () => getProduct(productId, language)),
    ),
  );
  const offersQuery: ProductPageOffersQuery = {
    productId: id,
    country: locale.country,
    displayCurrency: locale.currency,
    offers: {
      productId: id,
      shopId: '',
      country: filters.country,
      inStockOnly: filters.inStock,
      greenOnly: false,
      conditions: [],
      sort: offerSorts.valueOf(filters.sort, OfferSort.OFFER_SORT_CHEAPEST),
      page: 1,
      hitsPerPage: 100,
      displayCurrency: locale.currency,
    },
    history: {
      productId: id,
      country: locale.country,
      range: HISTORY_RANGES[range],
      includeOffers: false,
      displayCurrency: locale.currency,
    },
  };
  const offersCall = keptOffers(offersQuery, () => readProductPageOffers(offersQuery, locale)).then(async (parts) => ({
    ...parts,
    clicks: parts.listed ? await clicksOf(id, parts.listed.offers) : null,
  }));
  // The model's other variants need only the id: read beside the product, not after it.
  const variantsCall = optional(productVariants(context, id));
  const product = await productCall;
  // Spec §7: product rows come from search, with its similar filter (it brings prices along);
  // the three rows in one search call.
  const rowsCall = optional(productRows(context, product.id, product.brand?.slug, product.category?.id));
  const [{ prices, listed: offers, clicks, trend, history, abroad }, rows, ads, variants] = await Promise.all([
    offersCall,
    rowsCall,
    warmUp ? [] : productAds(context, product),
    variantsCall,
  ]);
  const { similar, brandRow, categoryRow } = rows ?? { similar: null, brandRow: null, categoryRow: null };
  const summary = prices.known ? prices.of(product.id) : { known: false as const };
  const { t } = serverT(context.language);
  const offerItems = offers ? offers.offers.map((offer) => offerJson(offer, clicks?.get(offer.id) ?? null)) : null;
  const first = offerItems?.[0];
  // A held price (ADR 146) is never the cheapest: offers lists it last, checked here all the same.
  const cheapestTotal =
    filters.sort === 'cheapest' && first?.country === locale.country && !first.priceHold ? first.total : null;
  const facts = trend
    ? {
        lowest30: moneyJson(trend.lowest30Days),
        lowest30At: isoTime(trend.lowest30DaysAt),
        lowestEver: moneyJson(trend.lowestEver),
        lowestEverAt: isoTime(trend.lowestEverAt),
        was: moneyJson(trend.wasPrice),
        reducedAt: isoTime(trend.reducedAt),
      }
    : null;
  const view = productJson(product, summary, locale);
  const high = summary.known ? moneyJson(summary.summary?.highestPrice) : null;
  return {
    product: view,
    featureRows: featureRows(view, t),
    summaryItems: summaryItems(
      view.price ? { amount: view.price.amount, currency: view.price.currency } : null,
      view.rating?.count ?? 0,
      context,
      t,
    ),
    highestPrice: high,
    ads,
    offers:
      offers && offerItems
        ? { items: offerItems, countries: offers.countries.map((c) => ({ value: c.value, count: c.count })), filters }
        : null,
    trend: trend
      ? trendView(trendKey(trend.trend), moneyJson(trend.change), moneyJson(trend.referencePrice), context, t)
      : null,
    // Lowest prices, the product's true "was" price (ADR 049a) and the cheapest total, as text.
    priceFacts: priceFactsMarkup(priceFactViews(facts, cheapestTotal, context, t), t('product.wasPrice')),
    // Both drawn once per kept offers part (and language and country), not on every render.
    history: history
      ? { ...derivedOnce(history, 'chart', () => historyView(priceHistoryJson(history))), selected: range }
      : null,
    abroad: abroad
      ? derivedOnce(abroad, `${locale.id}|${context.language}`, () =>
          abroadHtml(
            abroad.abroad.map((row) => ({
              country: row.country,
              price: moneyJson(row.convertedPrice),
              own: moneyJson(row.lowestPrice),
              percent: row.differencePercent,
              shop: row.cheapestShop?.name ?? null,
              rating: shopRatingRefJson((row.landed?.shop ?? row.cheapestShop)?.rating),
              landed: row.landed ? landedJson(row.landed) : null,
            })),
            locale.country,
            context,
            t,
          ),
        )
      : null,
    // Left out (null) when catalog did not answer; [] when the product has no other variant.
    variants: variants?.chips ?? null,
    // The page is rendered again when a product joins or leaves its model (ADR 138).
    modelTags: modelTags(variants?.modelKey ?? ''),
    // The model the variants share: the structured data's product group (ADR 138).
    productGroupId: variants?.modelKey ? productGroupId(variants.modelKey) : '',
    similar,
    brandRow,
    categoryRow,
  };
}

/**
 * The product page's rows (similar products, more of the brand, more of the category): one search
 * call, kept between the changes of what they list.
 */
async function productRows(context: SiteContext, productId: string, brand?: string, category?: string) {
  const key = { productId, locale: context.locale.id, language: context.language, brand, category };
  const { rows } = await keptRows(key, async () => {
    const lists = await productLists(context, productRowQueries(productId, brand, category));
    return { rows: productRowsOf(lists, brand), complete: lists.every((list) => list !== null) };
  });
  return rows;
}

/** The counted clicks of the listed offers, kept between renders as long as they may be. */
const clicksOf = (productId: string, offers: ListOffersResponse['offers']) =>
  keptClicks(
    productId,
    offers.map((offer) => offer.id),
    () => offerClickCounts(offers),
  );

/** Prices abroad as the page shows them: rows of HTML, '' when no other country has offers. */
const abroadHtml = (...[data, home, context, t]: Parameters<typeof abroadViews>): string => {
  const rows = abroadViews(data, home, context, t);
  return rows.length > 0 ? abroadMarkup(rows, { t, tag: context.tag }) : '';
};

export type ProductPageData = Awaited<ReturnType<typeof productPage>>;
