import { AffiliatesServiceService } from '@pc/proto/affiliates/v1/affiliates';
import { config } from '../config.server';
import type { AdvertiserKindName, PricingName } from '../panels/affiliates/advertiser-options';
import { ADVERTISER_KINDS, PRICING_MODELS } from './affiliates.server';
import { client } from './grpc.server';

const affiliates = client(AffiliatesServiceService, config.AFFILIATES_GRPC_ADDR);

/** The advertiser as affiliates has it now, with its accounts and ads (every field, for a merge). */
const current = (actorUserId: string, advertiserId: string) => affiliates.getAdvertiser({ actorUserId, advertiserId });

/** The fields of an advertiser the edit form has (metas and cost per click are kept as they are). */
export interface AdvertiserEdit {
  readonly name: string;
  readonly kind: AdvertiserKindName;
  readonly shopId: string;
  readonly brandSlug: string;
  readonly homepageUrl: string;
  readonly pricing: PricingName;
  readonly active: boolean;
}

/** SaveAdvertiser (update): affiliates checks staff:affiliates and the fields, and audits before and after; false when unknown. */
export async function updateAdvertiser(
  actorUserId: string,
  advertiserId: string,
  fields: AdvertiserEdit,
): Promise<boolean> {
  const { advertiser } = await current(actorUserId, advertiserId);
  if (!advertiser) return false;
  await affiliates.saveAdvertiser({
    actorUserId,
    advertiser: {
      ...advertiser,
      name: fields.name,
      kind: ADVERTISER_KINDS[fields.kind],
      shopId: fields.kind === 'shop' ? fields.shopId : '',
      brandSlug: fields.kind === 'brand' ? fields.brandSlug : '',
      homepageUrl: fields.homepageUrl,
      pricing: PRICING_MODELS[fields.pricing],
      active: fields.active,
    },
  });
  return true;
}

/** The fields of an affiliate account the edit form has (tracking parameters and per-click commission are kept). */
export interface AccountEdit {
  readonly network: string;
  readonly publisherId: string;
  readonly commissionBasisPoints: number;
  readonly active: boolean;
}

/** SaveAffiliateAccount (update) of one of the advertiser's accounts. */
export async function updateAffiliateAccount(
  actorUserId: string,
  advertiserId: string,
  accountId: string,
  fields: AccountEdit,
): Promise<boolean> {
  const account = (await current(actorUserId, advertiserId)).accounts.find((candidate) => candidate.id === accountId);
  if (!account) return false;
  await affiliates.saveAffiliateAccount({ actorUserId, account: { ...account, ...fields } });
  return true;
}

/** The fields of an advertisement the edit form has (all SaveAdvertisement takes). */
export interface AdvertisementEdit {
  readonly placement: string;
  readonly title: string;
  readonly text: string;
  readonly imageUrl: string;
  readonly url: string;
  readonly countries: readonly string[];
  readonly language: string;
  readonly categoryIds: readonly string[];
  /** Days (YYYY-MM-DD, UTC); a day that did not change keeps the stored time of day. */
  readonly startsAt: string;
  readonly endsAt: string;
  readonly weight: number;
}

/** The stored time when it falls on `day`, else that day's midnight (UTC). */
export const onDay = (stored: Date | undefined, day: string): Date =>
  stored && stored.toISOString().slice(0, 10) === day ? stored : new Date(`${day}T00:00:00Z`);

/** SaveAdvertisement (update) of one of the advertiser's live advertisements. */
export async function updateAdvertisement(
  actorUserId: string,
  advertiserId: string,
  advertisementId: string,
  fields: AdvertisementEdit,
): Promise<boolean> {
  const ad = (await current(actorUserId, advertiserId)).advertisements.find(
    (candidate) => candidate.id === advertisementId && !candidate.deleted,
  );
  if (!ad) return false;
  await affiliates.saveAdvertisement({
    actorUserId,
    advertisement: {
      ...ad,
      ...fields,
      countries: [...fields.countries],
      categoryIds: [...fields.categoryIds],
      startsAt: onDay(ad.startsAt, fields.startsAt),
      endsAt: fields.endsAt ? onDay(ad.endsAt, fields.endsAt) : undefined,
    },
  });
  return true;
}
