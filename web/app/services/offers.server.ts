import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { createServiceClient } from '@pc/kit/grpc/client';
import type { Condition } from '@pc/proto/common/v1/commerce';
import { EntitySort } from '@pc/proto/common/v1/sort';
import {
  OffersServiceService,
  type RegisterShopRequest,
  type UpdateShopRequest,
  type GetPriceHistoryRequest,
  type GetPriceHistoryResponse,
  type GetProductPageOffersResponse,
  type ListOffersRequest,
  type ListOffersResponse,
  OfferSort,
  type PriceHistoryRange,
  type OwnOffersState,
} from '@pc/proto/offers/v1/offers';
import {
  ShopStatus,
  type Feed,
  type FeedFormat,
  type ProductPriceSummary,
  type Shop,
  type UrlParameter,
} from '@pc/proto/offers/v1/types';
import { config, serviceAddress } from '~/config.server';

/**
 * Gateway to the offers service. Routes call view-shaped functions added here (never grpc-js);
 * the client shares the process-wide channel to the service and puts a deadline on every call.
 */
export const offers = createServiceClient(OffersServiceService, serviceAddress('offers'), {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});

export interface OffersQuery {
  /** The product whose offers to list, or */
  readonly productId: string;
  /** the shop whose offers to list (one of the two). */
  readonly shopId: string;
  /** ISO 3166-1 alpha-2, or "*" for every country. */
  readonly country: string;
  readonly inStockOnly: boolean;
  readonly greenOnly: boolean;
  readonly conditions: readonly Condition[];
  readonly sort: OfferSort;
  readonly page: number;
  readonly hitsPerPage: number;
  /** Prices are converted into this currency. */
  readonly displayCurrency: string;
}

/** A page of offers with the country and in-stock counts of the same product or shop. */
export function listOffers(query: OffersQuery): Promise<ListOffersResponse> {
  return offers.listOffers(listOffersRequest(query));
}

const listOffersRequest = (query: OffersQuery): ListOffersRequest => ({
  productId: query.productId,
  shopId: query.shopId,
  country: query.country,
  inStockOnly: query.inStockOnly,
  greenOnly: query.greenOnly,
  conditions: [...query.conditions],
  sort: query.sort,
  page: { page: query.page, hitsPerPage: query.hitsPerPage },
  displayCurrency: query.displayCurrency,
  productIds: [],
});

/**
 * A shop's active offers of some products in one country (at most 100 ids, ADR 139), cheapest
 * item price first, converted into `displayCurrency`: what a shop page's cards show as its price.
 * The first 100 offers, and how many there are in all.
 */
export async function shopOffersOfProducts(
  shopId: string,
  productIds: readonly string[],
  country: string,
  displayCurrency: string,
) {
  if (productIds.length === 0) return { offers: [], total: 0 };
  const { offers: found, page } = await offers.listOffers({
    ...listOffersRequest({
      productId: '',
      shopId,
      country,
      inStockOnly: false,
      greenOnly: false,
      conditions: [],
      sort: OfferSort.OFFER_SORT_ITEM_PRICE,
      page: 1,
      hitsPerPage: 100,
      displayCurrency,
    }),
    productIds: [...new Set(productIds)],
  });
  return { offers: found, total: page?.total ?? found.length };
}

/** Lowest price, offer counts and trend per product in one country (products without offers are absent). */
export async function productPriceSummaries(
  productIds: readonly string[],
  country: string,
  displayCurrency: string,
): Promise<Map<string, ProductPriceSummary>> {
  if (productIds.length === 0) return new Map();
  const { summaries } = await offers.getProductPriceSummaries({
    productIds: [...productIds],
    country,
    displayCurrency,
  });
  return new Map(summaries.map((summary) => [summary.productId, summary]));
}

export interface PriceHistoryQuery {
  readonly productId: string;
  readonly country: string;
  readonly range: PriceHistoryRange;
  readonly includeOffers: boolean;
  readonly displayCurrency: string;
}

export function getPriceHistory(query: PriceHistoryQuery): Promise<GetPriceHistoryResponse> {
  return offers.getPriceHistory(priceHistoryRequest(query));
}

const priceHistoryRequest = (query: PriceHistoryQuery): GetPriceHistoryRequest => ({
  productId: query.productId,
  country: query.country,
  range: query.range,
  timeRange: undefined,
  includeOffers: query.includeOffers,
  displayCurrency: query.displayCurrency,
});

/** A shop as a public reader sees it (NOT_FOUND for unknown, deleted or unlisted shops). */
export async function getShop(shopId: string): Promise<Shop> {
  const { shop } = await offers.getShop({ shopId, actorUserId: '' });
  if (!shop) throw new Error('offers answered without a shop');
  return shop;
}

/** The lowest price of a product in every other served country, converted (spec §2.7 prices abroad). */
export function getPricesAbroad(productId: string, homeCountry: string, displayCurrency: string) {
  return offers.getPricesAbroad(pricesAbroadRequest(productId, homeCountry, displayCurrency));
}

const pricesAbroadRequest = (productId: string, homeCountry: string, displayCurrency: string) => ({
  productId,
  homeCountry,
  displayCurrency,
  countries: [],
});

/** Down, stable or up over the last 30 days, with the reference price (spec §4 price trend). */
export function getPriceTrend(productId: string, country: string, displayCurrency: string) {
  return offers.getPriceTrend(priceTrendRequest(productId, country, displayCurrency));
}

const priceTrendRequest = (productId: string, country: string, displayCurrency: string) => ({
  productId,
  country,
  windowDays: 0,
  displayCurrency,
});

/** What the product page asks of offers about one product, in the visitor's country and currency. */
export interface ProductPageOffersQuery {
  readonly productId: string;
  readonly country: string;
  readonly displayCurrency: string;
  readonly offers: OffersQuery;
  readonly history: PriceHistoryQuery;
}

/**
 * The product page's offers, price summary, trend, history and prices abroad in one call (ADR
 * 057); parts offers could not answer are named in `failedParts`.
 */
export function productPageOffers(query: ProductPageOffersQuery): Promise<GetProductPageOffersResponse> {
  const { productId, country, displayCurrency } = query;
  return offers.getProductPageOffers({
    offers: listOffersRequest(query.offers),
    summaries: { productIds: [productId], country, displayCurrency },
    trend: priceTrendRequest(productId, country, displayCurrency),
    history: priceHistoryRequest(query.history),
    abroad: pricesAbroadRequest(productId, country, displayCurrency),
  });
}

/** Every status a business user's own shop can have (deleted shops are not returned). */
const OWN_STATUSES = [
  ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD,
  ShopStatus.SHOP_STATUS_PENDING_ACTIVATION,
  ShopStatus.SHOP_STATUS_ACTIVE,
  ShopStatus.SHOP_STATUS_SUSPENDED,
];

/**
 * The business area's calls: each acts for the signed-in owner (`actorUserId`), and offers checks
 * the shop is theirs (another owner's shop is NOT_FOUND or PERMISSION_DENIED).
 */
/** What shop settings' details form changes of a shop (UpdateShop's fields it sets). */
export type ShopDetailsChange = Required<
  Pick<
    UpdateShopRequest,
    'name' | 'description' | 'company' | 'commercialRegisterNumber' | 'address' | 'phone' | 'email'
  >
>;

export const ownShops = {
  /** The owner's shops with their private fields, by name (the business dashboard; an owner has at most 100). */
  list: async (actorUserId: string): Promise<Shop[]> =>
    (
      await offers.listShops({
        ownerUserId: actorUserId,
        actorUserId,
        statuses: OWN_STATUSES,
        country: '',
        domain: '',
        sort: EntitySort.ENTITY_SORT_NAME,
        page: { page: 1, hitsPerPage: 100 },
      })
    ).shops,
  /** One of the owner's shops; someone else's is NOT_FOUND (the settings page does not exist for them). */
  get: async (actorUserId: string, shopId: string): Promise<Shop> => {
    const { shop } = await offers.getShop({ shopId, actorUserId });
    if (!shop || shop.ownerUserId !== actorUserId) throw new RpcError(GrpcStatus.NOT_FOUND, `shop ${shopId} not found`);
    return shop;
  },
  register: (actorUserId: string, request: Omit<RegisterShopRequest, 'actorUserId' | 'directoryListing'>) =>
    offers.registerShop({ ...request, actorUserId, directoryListing: false }),
  /** The owner's change of a shop's details (shop settings); offers checks every field again. */
  updateDetails: (actorUserId: string, shopId: string, details: ShopDetailsChange) =>
    offers.updateShop({ ...details, shopId, actorUserId, expectedVersion: 0, replaceCountries: false, countries: [] }),
  delete: (actorUserId: string, shopId: string) => offers.deleteShop({ shopId, actorUserId }),
  /** A page of the shop's listed or not-listed offers ("Your offers"); offers checks the owner. */
  offers: (actorUserId: string, shopId: string, state: OwnOffersState, page: { page: number; hitsPerPage: number }) =>
    offers.listOwnShopOffers({ actorUserId, shopId, state, page }),
  addFeed: (actorUserId: string, shopId: string, url: string, format: FeedFormat) =>
    offers.addFeed({
      shopId,
      actorUserId,
      url,
      format,
      country: '',
      currency: '',
      language: '',
      fetchIntervalMinutes: 0,
    }),
  updateFeed: (
    actorUserId: string,
    shopId: string,
    feedId: string,
    change: { url: string; format: FeedFormat; enabled: boolean },
  ) => offers.updateFeed({ shopId, feedId, actorUserId, ...change }),
  deleteFeed: (actorUserId: string, shopId: string, feedId: string) =>
    offers.deleteFeed({ shopId, feedId, actorUserId }),
  /** The shop's feeds as the owner sees them (PERMISSION_DENIED / NOT_FOUND for anyone else). */
  feeds: async (actorUserId: string, shopId: string): Promise<Feed[]> =>
    (await offers.listFeeds({ shopId, actorUserId })).feeds,
  setUrlParameters: (actorUserId: string, shopId: string, parameters: readonly UrlParameter[]) =>
    offers.setUrlParameters({ shopId, actorUserId, urlParameters: [...parameters] }),
};
