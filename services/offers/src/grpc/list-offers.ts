import { Condition } from '@pc/proto/common/v1/commerce';
import {
  OfferSort,
  type ListOffersRequest,
  type ListOffersResponse,
  type OfferFacetCount,
} from '@pc/proto/offers/v1/offers';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import type { Filter } from '@pc/kit/ports/document-store';
import { pageResponse, resolvePage, type Page } from '@pc/kit/paging/page';
import { countryCurrency } from '../domain/currency.js';
import type { FxRateBook } from '../domain/fx-rate-book.js';
import { freshCutoff, isFresh } from '../domain/freshness.js';
import { offerTotal, toOfferMessage } from '../domain/offer-message.js';
import { UNKNOWN_TOTAL, type OfferRecord } from '../domain/offer-record.js';
import { offerReductions } from './offer-reductions.js';
import { toShopRef } from '../domain/shop-message.js';
import { isDeleted, type ShopRecord } from '../domain/shop-record.js';
import type { MoneyRecord } from '../domain/money.js';
import type { PriceReduction } from '@pc/proto/offers/v1/types';
import type { StoredOffer } from '../store/offer-repository.js';
import type { OffersDependencies } from './dependencies.js';
import { displayOf } from './display.js';
import { enumValues, RequestChecks } from './request-fields.js';

const OFFERS_PAGE = { defaultSize: 10, maxSize: 100 }; // spec §4/§9: the first 10 offers
/** A shop page's cards at most (ADR 139): one page of products. */
const MAX_PRODUCT_IDS = 100;

interface ListQuery {
  readonly productId: string;
  readonly shopId: string;
  /** Only the shop's offers of these products (ADR 139); empty for all of its offers. */
  readonly productIds: readonly string[];
  /** ISO code or '*' (all countries). */
  readonly country: string;
  readonly inStockOnly: boolean;
  readonly conditions: ReadonlySet<Condition>;
  readonly greenOnly: boolean;
  readonly sort: OfferSort;
  readonly page: Page;
  readonly displayCurrency: string;
}

function parseQuery(request: ListOffersRequest): ListQuery {
  const checks = new RequestChecks();
  const productId = request.productId.trim();
  const shopId = request.shopId.trim();
  if (!productId && !shopId) checks.add('product_id', 'product_id or shop_id is required', 'required');
  const productIds = checkProductIds(checks, request.productIds, { shopId, productId });
  const country = checks.country('country', request.country, { required: true, allowAll: true });
  const displayCurrency = checks.currency('display_currency', request.displayCurrency);
  request.conditions.forEach((condition, index) =>
    checks.oneOf(`conditions[${index}]`, condition, enumValues(Condition)),
  );
  const sort = checks.oneOf('sort', request.sort, enumValues(OfferSort));
  checks.done();
  const page = resolvePage(request.page, OFFERS_PAGE);
  return {
    productId,
    shopId,
    productIds,
    country,
    inStockOnly: request.inStockOnly,
    conditions: new Set(request.conditions),
    greenOnly: request.greenOnly,
    sort,
    page,
    displayCurrency,
  };
}

/**
 * `product_ids` (ADR 139): a shop's offers of some products, for a shop page's cards. Only with
 * shop_id and without product_id; each id once, at most MAX_PRODUCT_IDS of them.
 */
function checkProductIds(
  checks: RequestChecks,
  raw: readonly string[],
  other: { shopId: string; productId: string },
): string[] {
  if (raw.length === 0) return [];
  if (!other.shopId || other.productId)
    checks.add('product_ids', 'only with shop_id and without product_id', 'invalid');
  if (raw.length > MAX_PRODUCT_IDS) {
    checks.add('product_ids', `at most ${MAX_PRODUCT_IDS} ids`, 'max');
    return [];
  }
  const seen = new Set<string>();
  raw.forEach((value, index) => {
    const id = checks.id(`product_ids[${index}]`, value);
    if (id && seen.has(id)) checks.add(`product_ids[${index}]`, 'is repeated', 'distinct');
    seen.add(id);
  });
  return [...seen].filter(Boolean);
}

/**
 * ListOffers. A product's offers (the product page) are few: they are read once by product and
 * filtered, counted and sorted in memory, prices compared across currencies at the current rate.
 * A shop's offers can be many: filtered, sorted and paged by the store (prices compared as
 * stored, in each offer's own currency).
 */
export async function listOffers(request: ListOffersRequest, deps: OffersDependencies): Promise<ListOffersResponse> {
  const query = parseQuery(request);
  if (query.shopId) {
    const shop = await deps.shops.get(query.shopId);
    if (!shop || isDeleted(shop)) throw new NotFoundError('shop', query.shopId);
    if (!query.productId) return listShopOffers(query, shop, deps);
  }
  return listProductOffers(query, deps);
}

async function listProductOffers(query: ListQuery, deps: OffersDependencies): Promise<ListOffersResponse> {
  const now = deps.clock();
  const candidates = await deps.offers.activeOfProduct(query.productId, null);
  const listed = candidates.filter(
    (offer) => isFresh(new Date(offer.lastSeenAt), now, deps.rules) && (!query.shopId || offer.shopId === query.shopId),
  );
  const countries = facetCounts(listed.map((offer) => offer.country));
  const matching = listed.filter(
    (offer) =>
      (query.country === '*' || offer.country === query.country) &&
      (query.conditions.size === 0 || query.conditions.has(offer.condition)) &&
      (!query.greenOnly || offer.isGreen),
  );
  const inStock = matching.filter((offer) => offer.inStock);
  const rows = query.inStockOnly ? inStock : matching;
  const book = await deps.fx.current();
  const shops = new Map((await deps.shops.getMany(rows.map((offer) => offer.shopId))).map((shop) => [shop._id, shop]));
  const compareIn = query.displayCurrency || (query.country !== '*' ? countryCurrency(query.country) : null) || 'EUR';
  const sorted = sortInMemory(rows, query.sort, comparablePrice(book, compareIn, now), shops);
  const pageRows = sorted.slice(query.page.skip, query.page.skip + query.page.hitsPerPage);
  const reductions = await offerReductions(query.productId, pageRows, deps, now);
  return {
    offers: toMessages(pageRows, shops, query, book, now, reductions),
    page: pageResponse(query.page, rows.length),
    countries,
    allCount: matching.length,
    inStockCount: inStock.length,
  };
}

async function listShopOffers(
  query: ListQuery,
  shop: ShopRecord,
  deps: OffersDependencies,
): Promise<ListOffersResponse> {
  const now = deps.clock();
  const listed: Record<string, Filter[string]> = {
    shopId: shop._id,
    active: true,
    lastSeenAt: { $gte: freshCutoff(now, deps.rules).toISOString() },
    productId: query.productIds.length > 0 ? { $in: [...query.productIds] } : { $ne: '' },
  };
  const filter: Record<string, Filter[string]> = { ...listed };
  if (query.country !== '*') filter.country = query.country;
  if (query.conditions.size > 0) filter.condition = { $in: [...query.conditions] };
  if (query.greenOnly) filter.isGreen = true;
  const rowsFilter = query.inStockOnly ? { ...filter, inStock: true } : filter;
  const facetCountries = [...new Set([...shop.countries, ...(query.country !== '*' ? [query.country] : [])])].sort();
  const [rows, allCount, inStockCount, countryCounts, book] = await Promise.all([
    deps.offers.find(rowsFilter, { sort: storeSort(query.sort), skip: query.page.skip, limit: query.page.hitsPerPage }),
    deps.offers.count(filter),
    deps.offers.count({ ...filter, inStock: true }),
    Promise.all(
      facetCountries.map(async (country) => ({
        value: country,
        count: await deps.offers.count({ ...listed, country }),
      })),
    ),
    deps.fx.current(),
  ]);
  return {
    offers: toMessages(rows, new Map([[shop._id, shop]]), query, book, now),
    page: pageResponse(query.page, query.inStockOnly ? inStockCount : allCount),
    countries: countryCounts.filter((facet) => facet.count > 0),
    allCount,
    inStockCount,
  };
}

function toMessages(
  rows: readonly StoredOffer[],
  shops: ReadonlyMap<string, ShopRecord>,
  query: ListQuery,
  book: FxRateBook,
  now: Date,
  reductions?: ReadonlyMap<string, PriceReduction>,
) {
  return rows.map((offer, index) => {
    const shop = shops.get(offer.shopId);
    const display = (money: MoneyRecord | null) =>
      money ? displayOf(book, money, query.displayCurrency, now)?.money : undefined;
    const reduction = reductions?.get(offer._id);
    const wasPrice = reduction?.wasPrice;
    return toOfferMessage(offer, shop ? toShopRef(shop) : undefined, {
      position: query.page.skip + index + 1,
      display: displayOf(book, offer.price, query.displayCurrency, now),
      displayShipping: display(offer.shipping),
      displayTotal: display(offerTotal(offer)),
      reduction: reduction && { ...reduction, displayWasPrice: wasPrice ? (display(wasPrice) ?? wasPrice) : undefined },
    });
  });
}

function facetCounts(values: readonly string[]): OfferFacetCount[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([value, count]) => ({ value, count }));
}

/** Price (and price + shipping) in one currency for comparison; the raw amount when no rate exists. */
function comparablePrice(book: FxRateBook, currency: string, now: Date) {
  const cache = new Map<string, number>();
  return (amountMinor: number, from: string): number => {
    if (from === currency) return amountMinor;
    const key = `${amountMinor}:${from}`;
    let value = cache.get(key);
    if (value === undefined) {
      value = book.convert({ amountMinor, currency: from }, currency, now)?.money.amountMinor ?? amountMinor;
      cache.set(key, value);
    }
    return value;
  };
}

function sortInMemory(
  rows: readonly StoredOffer[],
  sort: OfferSort,
  price: (amount: number, currency: string) => number,
  shops: ReadonlyMap<string, ShopRecord>,
): StoredOffer[] {
  const priceOf = (offer: OfferRecord) => price(offer.price.amountMinor, offer.price.currency);
  const totalOf = (offer: OfferRecord) =>
    offer.totalSort === UNKNOWN_TOTAL ? Number.POSITIVE_INFINITY : price(offer.totalSort, offer.price.currency);
  const byItemPrice = (a: OfferRecord, b: OfferRecord) =>
    priceOf(a) - priceOf(b) || Number(b.inStock) - Number(a.inStock) || totalOf(a) - totalOf(b);
  // What the visitor pays decides (ADR 049); an unknown total follows every known one (by price).
  const byTotal = (a: OfferRecord, b: OfferRecord) => totalOf(a) - totalOf(b) || byItemPrice(a, b);
  const compare: Record<OfferSort, (a: OfferRecord, b: OfferRecord) => number> = {
    [OfferSort.OFFER_SORT_UNSPECIFIED]: byTotal,
    [OfferSort.OFFER_SORT_CHEAPEST]: byTotal,
    [OfferSort.OFFER_SORT_CHEAPEST_WITH_SHIPPING]: byTotal,
    [OfferSort.OFFER_SORT_ITEM_PRICE]: byItemPrice,
    [OfferSort.OFFER_SORT_MOST_EXPENSIVE]: (a, b) => priceOf(b) - priceOf(a),
    [OfferSort.OFFER_SORT_SHOP_NAME]: (a, b) =>
      (shops.get(a.shopId)?.sortName ?? '').localeCompare(shops.get(b.shopId)?.sortName ?? '') || byTotal(a, b),
    [OfferSort.OFFER_SORT_NEWEST]: (a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt),
  };
  const byId = (a: OfferRecord, b: OfferRecord) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
  // A price held back as implausible follows every price that counts, in any order (ADR 146).
  const byHold = (a: OfferRecord, b: OfferRecord) => Number(!!a.priceHold) - Number(!!b.priceHold);
  return [...rows].sort((a, b) => byHold(a, b) || compare[sort](a, b) || byId(a, b));
}

function storeSort(sort: OfferSort): Record<string, 1 | -1> {
  switch (sort) {
    case OfferSort.OFFER_SORT_ITEM_PRICE:
      return { 'price.amountMinor': 1 };
    case OfferSort.OFFER_SORT_MOST_EXPENSIVE:
      return { 'price.amountMinor': -1 };
    case OfferSort.OFFER_SORT_NEWEST:
      return { lastSeenAt: -1 };
    case OfferSort.OFFER_SORT_SHOP_NAME: // one shop: by the offers' names
      return { name: 1 };
    default: // cheapest: by total, unknown shipping last and among themselves by price
      return { totalSort: 1, 'price.amountMinor': 1 };
  }
}
