import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { AffiliatesServiceService, PromotionSort } from '@pc/proto/affiliates/v1/affiliates';
import {
  AdvertiserKind,
  DonationStatus,
  PricingModel,
  PromotionStatus,
  TransactionStatus,
  type Advertisement,
  type Advertiser,
  type AffiliateAccount,
  type DonationEntry,
  type Promotion,
  type Transaction,
} from '@pc/proto/affiliates/v1/types';
import { config } from '../config.server';
import type { AdvertiserKindName, PricingName } from '../panels/affiliates/advertiser-options';
import type { TablePage, TableQuery } from '../tables/table-query';
import { client } from './grpc.server';
import { formatMoney } from './money';
import { pageRequest, tablePage } from '../tables/table-page';

const affiliates = client(AffiliatesServiceService, config.AFFILIATES_GRPC_ADDR);

/** Enum value → the name the panel's URLs, forms and messages use. */
const nameOf = <E extends number>(names: Readonly<Record<string, E>>, value: E): string =>
  Object.entries(names).find(([, v]) => v === value)?.[0] ?? 'unknown';

export const ADVERTISER_KINDS = {
  shop: AdvertiserKind.ADVERTISER_KIND_SHOP,
  brand: AdvertiserKind.ADVERTISER_KIND_BRAND,
};
export const PRICING_MODELS = { cpc: PricingModel.PRICING_MODEL_CPC, cps: PricingModel.PRICING_MODEL_CPS };
const TRANSACTION_STATUSES = {
  pending: TransactionStatus.TRANSACTION_STATUS_PENDING,
  approved: TransactionStatus.TRANSACTION_STATUS_APPROVED,
  declined: TransactionStatus.TRANSACTION_STATUS_DECLINED,
};
const DONATION_STATES = {
  pending: DonationStatus.DONATION_STATUS_PENDING,
  confirmed: DonationStatus.DONATION_STATUS_CONFIRMED,
  cancelled: DonationStatus.DONATION_STATUS_CANCELLED,
  paid_out: DonationStatus.DONATION_STATUS_PAID_OUT,
};

const iso = (date: Date | undefined) => date?.toISOString() ?? '';

export interface AdvertiserRow {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  readonly shopId: string;
  readonly brandSlug: string;
  readonly homepageUrl: string;
  readonly pricing: string;
  readonly costPerClick: string;
  readonly active: boolean;
  readonly updatedAt: string;
}

const advertiserRow = (advertiser: Advertiser): AdvertiserRow => ({
  id: advertiser.id,
  name: advertiser.name,
  kind: nameOf(ADVERTISER_KINDS, advertiser.kind),
  shopId: advertiser.shopId,
  brandSlug: advertiser.brandSlug,
  homepageUrl: advertiser.homepageUrl,
  pricing: nameOf(PRICING_MODELS, advertiser.pricing),
  costPerClick: formatMoney(advertiser.costPerClick),
  active: advertiser.active,
  updatedAt: iso(advertiser.updatedAt),
});

/** ListAdvertisers (staff:affiliates), by name, paged by affiliates. */
export async function advertiserTable(actorUserId: string, query: TableQuery): Promise<TablePage<AdvertiserRow>> {
  const answer = await affiliates.listAdvertisers({ actorUserId, page: pageRequest(query) });
  return tablePage(answer.advertisers.map(advertiserRow), answer.page, query);
}

export interface AccountRow {
  readonly id: string;
  readonly network: string;
  readonly publisherId: string;
  readonly commissionBasisPoints: number;
  readonly commissionPerClick: string;
  readonly trackingParameters: string;
  readonly active: boolean;
}

export interface AdvertisementRow {
  readonly id: string;
  readonly placement: string;
  readonly title: string;
  readonly text: string;
  readonly imageUrl: string;
  readonly url: string;
  readonly categoryIds: string;
  readonly countries: string;
  readonly language: string;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly weight: number;
  readonly impressions: number;
  readonly clicks: number;
}

const accountRow = (account: AffiliateAccount): AccountRow => ({
  id: account.id,
  network: account.network,
  publisherId: account.publisherId,
  commissionBasisPoints: account.commissionBasisPoints,
  commissionPerClick: formatMoney(account.commissionPerClick),
  trackingParameters: account.trackingParameters.map((p) => `${p.name}=${p.value}`).join('&'),
  active: account.active,
});

const advertisementRow = (ad: Advertisement): AdvertisementRow => ({
  id: ad.id,
  placement: ad.placement,
  title: ad.title,
  text: ad.text,
  imageUrl: ad.imageUrl,
  url: ad.url,
  categoryIds: ad.categoryIds.join(', '),
  countries: ad.countries.join(', '),
  language: ad.language,
  startsAt: iso(ad.startsAt),
  endsAt: iso(ad.endsAt),
  weight: ad.weight,
  impressions: Number(ad.impressions),
  clicks: Number(ad.clicks),
});

/** GetAdvertiser: the advertiser with its affiliate accounts and live advertisements; null when unknown. */
export async function advertiserById(
  actorUserId: string,
  advertiserId: string,
): Promise<{ advertiser: AdvertiserRow; accounts: AccountRow[]; advertisements: AdvertisementRow[] } | null> {
  try {
    const answer = await affiliates.getAdvertiser({ actorUserId, advertiserId });
    if (!answer.advertiser) return null;
    return {
      advertiser: advertiserRow(answer.advertiser),
      accounts: answer.accounts.map(accountRow),
      advertisements: answer.advertisements.filter((ad) => !ad.deleted).map(advertisementRow),
    };
  } catch (error) {
    if (error instanceof RpcError && [GrpcStatus.NOT_FOUND, GrpcStatus.INVALID_ARGUMENT].includes(error.code))
      return null;
    throw error;
  }
}

/** The fields of a new advertiser as the panel's form gives them. */
export interface NewAdvertiser {
  readonly name: string;
  readonly kind: AdvertiserKindName;
  readonly shopId: string;
  readonly brandSlug: string;
  readonly homepageUrl: string;
  readonly pricing: PricingName;
}

/** SaveAdvertiser (create): affiliates checks staff:affiliates and the fields, and audits it; answers the new id. */
export async function createAdvertiser(actorUserId: string, fields: NewAdvertiser): Promise<string> {
  const { advertiser } = await affiliates.saveAdvertiser({
    actorUserId,
    advertiser: {
      id: '',
      name: fields.name,
      kind: ADVERTISER_KINDS[fields.kind],
      shopId: fields.kind === 'shop' ? fields.shopId : '',
      brandSlug: fields.kind === 'brand' ? fields.brandSlug : '',
      homepageUrl: fields.homepageUrl,
      pricing: PRICING_MODELS[fields.pricing],
      costPerClick: undefined,
      metas: [],
      active: true,
      createdAt: undefined,
      updatedAt: undefined,
    },
  });
  return advertiser?.id ?? '';
}

/** SaveAffiliateAccount (create) for an advertiser: affiliates checks the role and fields, and audits it. */
export async function createAffiliateAccount(
  actorUserId: string,
  advertiserId: string,
  fields: { network: string; publisherId: string; commissionBasisPoints: number },
): Promise<void> {
  await affiliates.saveAffiliateAccount({
    actorUserId,
    account: {
      id: '',
      advertiserId,
      network: fields.network,
      publisherId: fields.publisherId,
      commissionBasisPoints: fields.commissionBasisPoints,
      commissionPerClick: undefined,
      trackingParameters: [],
      active: true,
      createdAt: undefined,
      updatedAt: undefined,
    },
  });
}

/** DeleteAdvertisement: affiliates checks the role and audits it; the ad's clicks then go to the advertiser's homepage. */
export async function deleteAdvertisement(actorUserId: string, advertisementId: string): Promise<void> {
  await affiliates.deleteAdvertisement({ actorUserId, advertisementId });
}

export interface TransactionRow {
  readonly id: string;
  readonly network: string;
  readonly externalId: string;
  readonly shopId: string;
  readonly clickId: string;
  readonly status: string;
  readonly orderValue: string;
  readonly commission: string;
  readonly ecotip: string;
  readonly orderedAt: string;
  readonly updatedAt: string;
}

const transactionRow = (transaction: Transaction): TransactionRow => ({
  id: transaction.id,
  network: transaction.network,
  externalId: transaction.externalId,
  shopId: transaction.shopId,
  clickId: transaction.clickId,
  status: nameOf(TRANSACTION_STATUSES, transaction.status),
  orderValue: formatMoney(transaction.orderValue),
  commission: formatMoney(transaction.commission),
  ecotip: formatMoney(transaction.ecotipDonation),
  orderedAt: iso(transaction.orderedAt),
  updatedAt: iso(transaction.updatedAt),
});

/** ListTransactions (staff): by network, status, shop and order date, newest first; with the sums of all that match. */
export async function transactionTable(
  actorUserId: string,
  query: TableQuery,
  filters: { network: string; status: string; shopId: string; from: Date | null; to: Date | null },
): Promise<TablePage<TransactionRow> & { totalOrderValue: string; totalCommission: string }> {
  const status = TRANSACTION_STATUSES[filters.status as keyof typeof TRANSACTION_STATUSES];
  const answer = await affiliates.listTransactions({
    actorUserId,
    shopIds: filters.shopId ? [filters.shopId] : [],
    network: filters.network,
    statuses: status ? [status] : [],
    range: filters.from || filters.to ? { start: filters.from ?? undefined, end: filters.to ?? undefined } : undefined,
    page: pageRequest(query),
  });
  return {
    ...tablePage(answer.transactions.map(transactionRow), answer.page, query),
    totalOrderValue: formatMoney(answer.totalOrderValue),
    totalCommission: formatMoney(answer.totalCommission),
  };
}

export interface LedgerRow {
  readonly id: string;
  readonly sequence: number;
  readonly donationId: string;
  readonly transactionId: string;
  readonly state: string;
  readonly amount: string;
  readonly accountingAmount: string;
  readonly month: string;
  readonly country: string;
  readonly organisation: string;
  readonly createdAt: string;
}

const ledgerRow = (entry: DonationEntry): LedgerRow => ({
  id: entry.id,
  sequence: Number(entry.sequence),
  donationId: entry.donationId,
  transactionId: entry.transactionId,
  state: nameOf(DONATION_STATES, entry.state),
  amount: formatMoney(entry.amount),
  accountingAmount: formatMoney(entry.accountingAmount),
  month: entry.month,
  country: entry.country,
  organisation: entry.organisation,
  createdAt: iso(entry.createdAt),
});

/** The EcoTip ledger in order, a page at a time (cursor), with the programme's totals. */
export async function ecoTipLedger(
  pageToken: string,
  size: number,
): Promise<{ rows: LedgerRow[]; next: string; donated: string; pending: string; purchases: number }> {
  const [entries, summary] = await Promise.all([
    affiliates.listDonationEntries({ page: { pageToken, pageSize: size } }),
    affiliates.getEcoTipSummary({ range: undefined, currency: '' }),
  ]);
  return {
    rows: entries.entries.map(ledgerRow),
    next: entries.page?.nextPageToken ?? '',
    donated: formatMoney(summary.donatedAccounting ?? summary.donated),
    pending: formatMoney(summary.pendingAccounting ?? summary.pending),
    purchases: Number(summary.purchases),
  };
}

const PROMOTION_STATUSES = {
  scheduled: PromotionStatus.PROMOTION_STATUS_SCHEDULED,
  active: PromotionStatus.PROMOTION_STATUS_ACTIVE,
  ended: PromotionStatus.PROMOTION_STATUS_ENDED,
};

export interface PromotionRow {
  readonly id: string;
  readonly title: string;
  readonly shopName: string;
  readonly code: string;
  readonly discountPercent: number;
  readonly countries: string;
  readonly status: string;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly url: string;
}

const promotionRow = (promotion: Promotion): PromotionRow => ({
  id: promotion.id,
  title: promotion.title,
  shopName: promotion.shopName || promotion.shopId,
  code: promotion.code,
  discountPercent: promotion.discountPercent,
  countries: promotion.countries.join(', '),
  status: nameOf(PROMOTION_STATUSES, promotion.status),
  startsAt: iso(promotion.startsAt),
  endsAt: iso(promotion.endsAt),
  url: promotion.url,
});

/** A promotion's status by the service's clock, as the panel's messages name it (promotions.status.*). */
export const promotionStatusName = (status: PromotionStatus): string => nameOf(PROMOTION_STATUSES, status);

export const PROMOTION_SORTS = ['ends', 'newest', 'starts'] as const;

/** ListPromotions of one status (or all), by shop and text, in the table's order, paged by affiliates. */
export async function promotionTable(query: TableQuery): Promise<TablePage<PromotionRow>> {
  const status = PROMOTION_STATUSES[query.filters.status as keyof typeof PROMOTION_STATUSES];
  const answer = await affiliates.listPromotions({
    country: '',
    language: '',
    statuses: status ? [status] : Object.values(PROMOTION_STATUSES),
    shopId: (query.filters.shop ?? '').trim(),
    brandSlug: '',
    productId: '',
    query: (query.filters.q ?? '').trim(),
    sort:
      query.sort === 'newest'
        ? PromotionSort.PROMOTION_SORT_NEWEST
        : query.sort === 'starts'
          ? PromotionSort.PROMOTION_SORT_STARTING_SOON
          : PromotionSort.PROMOTION_SORT_ENDING_SOON,
    page: pageRequest(query),
  });
  return tablePage(answer.promotions.map(promotionRow), answer.page, query);
}

/** DeletePromotion: affiliates checks staff:affiliates and audits it; the click-out then goes to the shop. */
export async function deletePromotion(actorUserId: string, promotionId: string): Promise<void> {
  await affiliates.deletePromotion({ actorUserId, promotionId });
}
