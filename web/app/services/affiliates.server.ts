import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { createServiceClient } from '@pc/kit/grpc/client';
import {
  AffiliatesServiceService,
  GetClickStatsRequest,
  ListMonthProductClicksRequest,
  PromotionSort,
  ResolveClickOutRequest,
  type GetEcoTipSummaryResponse,
  type ListDonationEntriesResponse,
  type RecordPostbackResponse,
} from '@pc/proto/affiliates/v1/affiliates';
import type { Advertisement, ClickOrigin, PromotionStatus } from '@pc/proto/affiliates/v1/types';
import { PromotionStatus as Status } from '@pc/proto/affiliates/v1/types';
import { config, serviceAddress } from '~/config.server';

/**
 * Gateway to the affiliates service. Routes call view-shaped functions added here (never grpc-js);
 * the client shares the process-wide channel to the service and puts a deadline on every call.
 */
export const affiliates = createServiceClient(AffiliatesServiceService, serviceAddress('affiliates'), {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});

const isNotFound = (error: unknown) => error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND;

/** What a promotions listing asks (spec §2.2 promotions page, §7 /api/promotions). */
export interface PromotionsQuery {
  readonly country: string;
  readonly language: string;
  readonly statuses: readonly PromotionStatus[];
  readonly sort: PromotionSort;
  readonly query?: string;
  readonly shopId?: string;
  readonly brandSlug?: string;
  readonly productId?: string;
  readonly page: number;
  readonly hitsPerPage: number;
}

/** A page of promotions with the common PageResponse. */
export function listPromotions(query: PromotionsQuery) {
  return affiliates.listPromotions({
    country: query.country,
    language: query.language,
    statuses: [...query.statuses],
    shopId: query.shopId ?? '',
    brandSlug: query.brandSlug ?? '',
    productId: query.productId ?? '',
    query: query.query ?? '',
    sort: query.sort,
    page: { page: query.page, hitsPerPage: query.hitsPerPage },
  });
}

/** Running promotions in a country, the visitor's language first, ending soonest (or newest) first (spec §2.2 promotions, §4). */
export async function listRunningPromotions(
  country: string,
  language: string,
  page: number,
  hitsPerPage: number,
  sort = PromotionSort.PROMOTION_SORT_ENDING_SOON,
) {
  const response = await listPromotions({
    country,
    language,
    statuses: [Status.PROMOTION_STATUS_ACTIVE],
    sort,
    page,
    hitsPerPage,
  });
  return { promotions: response.promotions, total: response.page?.total ?? 0 };
}

/** Promotions that start later in a country, soonest first ("starts on date", spec §4). */
export async function listScheduledPromotions(country: string, language: string, hitsPerPage: number) {
  const response = await listPromotions({
    country,
    language,
    statuses: [Status.PROMOTION_STATUS_SCHEDULED],
    sort: PromotionSort.PROMOTION_SORT_STARTING_SOON,
    page: 1,
    hitsPerPage,
  });
  return { promotions: response.promotions, total: response.page?.total ?? 0 };
}

/** Who followed a click-out link and from where, as the site tells it (never a URL to go to). */
export interface ClickOutInput {
  readonly locationId: string;
  /** The product page the link was on (older links carry it; it finds offers affiliates has not learnt yet). */
  readonly productId: string;
  readonly origin: ClickOrigin;
  readonly placement: string;
  readonly country: string;
  readonly language: string;
  readonly ip: string;
  readonly userAgent: string;
  /** A path of this site, "external" for another site's page, or ''. */
  readonly referrer: string;
  /** The signed-in user who followed it ('' for a visitor): offers marks their shop reviews verified (ADR 119). */
  readonly userId?: string;
}

/** Where a click-out leads, with the click recorded (affiliates.ResolveClickOut); null for an unknown location. */
export async function resolveClickOut(input: ClickOutInput) {
  try {
    return await affiliates.resolveClickOut(ResolveClickOutRequest.fromPartial({ ...input }));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Counted clicks of offers (spec §3 Offer clicks) by offer id; null when affiliates cannot say. */
export async function offerClickCounts(
  offers: readonly { id: string; productId: string; shop?: { id: string } | undefined }[],
): Promise<Map<string, number> | null> {
  const refs = offers
    .filter((o) => o.shop?.id && o.productId)
    .slice(0, 100)
    .map((o) => ({ offerId: o.id, shopId: o.shop!.id, productId: o.productId }));
  if (refs.length === 0) return new Map();
  try {
    const { offers: counts } = await affiliates.getOfferClicks({ offers: refs });
    return new Map(counts.map((c) => [c.offerId, c.clicks]));
  } catch (error) {
    if (error instanceof RpcError) return null;
    throw error;
  }
}

/** The EcoTip totals in a currency (the public EcoTip page). */
export function ecoTipSummary(currency: string): Promise<GetEcoTipSummaryResponse> {
  return affiliates.getEcoTipSummary({ range: undefined, currency });
}

/** One page of the EcoTip ledger, in order (the CSV export). */
export function donationEntries(pageToken: string, pageSize: number): Promise<ListDonationEntriesResponse> {
  return affiliates.listDonationEntries({ page: { pageToken, pageSize } });
}

/** A network's postback as it arrived: affiliates verifies its signature before reading it. */
export function recordPostback(
  network: string,
  body: Uint8Array,
  signature: string,
  timestamp: string,
): Promise<RecordPostbackResponse> {
  return affiliates.recordPostback({ network, body: Buffer.from(body), signature, timestamp });
}

/** Advertisements for a slot (spec §2.4), each served counted as an impression; none when affiliates cannot say. */
export async function advertisementsFor(slot: {
  placement: string;
  country: string;
  language: string;
  categoryPath?: readonly string[];
  limit?: number;
}): Promise<Advertisement[]> {
  const path = slot.categoryPath ?? [];
  try {
    const { advertisements } = await affiliates.listAdvertisements({
      placement: slot.placement,
      country: slot.country,
      language: slot.language,
      limit: slot.limit ?? 1,
      categoryId: path.at(-1) ?? '',
      categoryPath: [...path],
    });
    return advertisements;
  } catch (error) {
    if (error instanceof RpcError) return [];
    throw error;
  }
}

/** One shop's clicks as the business dashboard shows them: numbers and a per-day chart. */
export interface ShopClicksView {
  readonly shopId: string;
  readonly clicksToday: number;
  readonly clicksThisMonth: number;
  /** Local days ("YYYY-MM-DD" in the asked time zone), oldest first, days without clicks included. */
  readonly daily: readonly { day: string; clicks: number }[];
  /** The month the two lists below cover ("YYYY-MM", UTC). */
  readonly month: string;
  readonly topProducts: readonly { productId: string; clicks: number }[];
  readonly countries: readonly { country: string; clicks: number }[];
}

/**
 * The click statistics of a business user's shops, for the business dashboard: today and this
 * month in `timeZone` (default Europe/Zurich), a per-day series over the last `days` days
 * (default 30, at most 400) ending now, and the month's product top list and country split.
 * Affiliates checks that `actorUserId` owns every shop (or is an admin): PERMISSION_DENIED,
 * UNAUTHENTICATED or NOT_FOUND come back as RpcError for the route's error handling.
 *
 *   const view = await clickStatsView(user.id, shops.map((s) => s.id), { days: 30 });
 */
/** Pages of ListMonthProductClicks: its largest, so a month of thousands of products is a few calls. */
const MONTH_PRODUCTS_PAGE = 1000;

/**
 * A shop's products clicked in a UTC month ("YYYY-MM"), most clicks first then by id, at most
 * `limit` (Infinity: every one, paging through ListMonthProductClicks), and how many there are in
 * all. Affiliates checks the actor owns the shop; its RpcError reaches the caller.
 */
export async function monthProductClicks(
  actorUserId: string,
  shopId: string,
  month: string,
  limit: number,
): Promise<{ products: { productId: string; clicks: number }[]; total: number }> {
  const products: { productId: string; clicks: number }[] = [];
  let pageToken = '';
  let total = 0;
  do {
    const answer = await affiliates.listMonthProductClicks(
      ListMonthProductClicksRequest.fromPartial({
        actorUserId,
        shopId,
        month,
        page: { pageToken, pageSize: Math.min(MONTH_PRODUCTS_PAGE, limit - products.length) },
      }),
    );
    total = answer.totalProducts;
    products.push(...answer.products.map((p) => ({ productId: p.productId, clicks: p.clicks })));
    pageToken = answer.page?.nextPageToken ?? '';
  } while (pageToken && products.length < limit);
  return { products, total };
}

export async function clickStatsView(
  actorUserId: string,
  shopIds: readonly string[],
  options: { timeZone?: string; days?: number; month?: string; topProducts?: number; now?: Date } = {},
): Promise<ShopClicksView[]> {
  const timeZone = options.timeZone ?? 'Europe/Zurich';
  const end = options.now ?? new Date();
  const start = new Date(end.getTime() - ((options.days ?? 30) - 1) * 86_400_000);
  const { shops } = await affiliates.getClickStats(
    GetClickStatsRequest.fromPartial({
      actorUserId,
      shopIds: [...shopIds],
      timeZone,
      range: { start, end },
      month: options.month ?? '',
      topProductsLimit: options.topProducts ?? 10,
    }),
  );
  const dayOf = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return shops.map((shop) => ({
    shopId: shop.shopId,
    clicksToday: shop.clicksToday,
    clicksThisMonth: shop.clicksThisMonth,
    daily: shop.daily.map((d) => ({ day: dayOf.format(d.day ?? end), clicks: d.clicks })),
    month: shop.month,
    topProducts: shop.topProducts.map((p) => ({ productId: p.productId, clicks: p.clicks })),
    countries: shop.countries.map((c) => ({ country: c.country, clicks: c.clicks })),
  }));
}
