import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { AffiliatesServiceService } from '@pc/proto/affiliates/v1/affiliates';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { config } from '../config.server';
import { onDay } from './affiliates-edits.server';
import { promotionStatusName } from './affiliates.server';
import { client } from './grpc.server';

const affiliates = client(AffiliatesServiceService, config.AFFILIATES_GRPC_ADDR);
const offers = client(OffersServiceService, config.OFFERS_GRPC_ADDR);

const notFound = (error: unknown) =>
  error instanceof RpcError && (error.code === GrpcStatus.NOT_FOUND || error.code === GrpcStatus.INVALID_ARGUMENT);

/** A promotion as its edit page shows it: every field of the proto's Promotion. */
export interface PromotionDetails {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly imageUrl: string;
  readonly shopId: string;
  readonly shopName: string;
  readonly productId: string;
  readonly brandSlug: string;
  /** Click-out location: the site links "/goto/{locationId}". */
  readonly locationId: string;
  readonly url: string;
  readonly code: string;
  readonly discountPercent: number;
  readonly countries: readonly string[];
  readonly language: string;
  /** ISO times; `endsAt` '' for an open-ended one. */
  readonly startsAt: string;
  readonly endsAt: string;
  readonly status: string;
}

/**
 * GetPromotion as the signed-in staff user (affiliates gives a staff:affiliates holder the landing
 * page too); null when affiliates knows no live promotion of this id.
 */
export async function promotionById(actorUserId: string, promotionId: string): Promise<PromotionDetails | null> {
  try {
    const { promotion } = await affiliates.getPromotion({ promotionId }, { asUser: actorUserId });
    if (!promotion) return null;
    return {
      id: promotion.id,
      title: promotion.title,
      description: promotion.description,
      imageUrl: promotion.imageUrl,
      shopId: promotion.shopId,
      shopName: promotion.shopName,
      productId: promotion.productId,
      brandSlug: promotion.brandSlug,
      locationId: promotion.locationId,
      url: promotion.url,
      code: promotion.code,
      discountPercent: promotion.discountPercent,
      countries: promotion.countries,
      language: promotion.language,
      startsAt: promotion.startsAt?.toISOString() ?? '',
      endsAt: promotion.endsAt?.toISOString() ?? '',
      status: promotionStatusName(promotion.status),
    };
  } catch (error) {
    if (notFound(error)) return null;
    throw error;
  }
}

/**
 * A shop as affiliates finds it for a promotion: offers' directory, asked for no user (only
 * listed, active shops are found there); null when there is none of this id.
 */
export async function directoryShop(shopId: string): Promise<{ id: string; name: string } | null> {
  try {
    const { shop } = await offers.getShop({ shopId, actorUserId: '' }, { withoutUser: true });
    return shop ? { id: shop.id, name: shop.name } : null;
  } catch (error) {
    if (notFound(error)) return null;
    throw error;
  }
}

/** The fields of a promotion both forms have (UpdatePromotion can change each of them). */
export interface PromotionEdit {
  readonly title: string;
  readonly description: string;
  readonly imageUrl: string;
  readonly url: string;
  readonly code: string;
  readonly discountPercent: number;
  readonly countries: readonly string[];
  readonly language: string;
  /** Days (YYYY-MM-DD, UTC); a new promotion without a start starts now, one without an end is open-ended. */
  readonly startsAt: string;
  readonly endsAt: string;
}

/** A new promotion's fields: the edit's and what it is of (set once: UpdatePromotion cannot change them). */
export interface NewPromotion extends PromotionEdit {
  readonly shopId: string;
  readonly productId: string;
  readonly brandSlug: string;
}

/** CreatePromotion: affiliates checks staff:affiliates and every field, makes its click-out location and audits it. Its id. */
export async function createPromotion(actorUserId: string, fields: NewPromotion): Promise<string> {
  const { promotion } = await affiliates.createPromotion({
    actorUserId,
    ...fields,
    countries: [...fields.countries],
    startsAt: fields.startsAt ? onDay(undefined, fields.startsAt) : undefined,
    endsAt: fields.endsAt ? onDay(undefined, fields.endsAt) : undefined,
  });
  if (!promotion) throw new Error('affiliates answered CreatePromotion without a promotion');
  return promotion.id;
}

/**
 * UpdatePromotion with every field of the form (the countries replace the list); a day that did
 * not change keeps the stored time of day. Affiliates checks the role and the fields (the start
 * and end as merged) and audits before and after.
 */
export async function updatePromotion(
  actorUserId: string,
  current: PromotionDetails,
  fields: PromotionEdit,
): Promise<void> {
  const stored = (iso: string) => (iso ? new Date(iso) : undefined);
  await affiliates.updatePromotion({
    actorUserId,
    promotionId: current.id,
    title: fields.title,
    description: fields.description,
    imageUrl: fields.imageUrl,
    url: fields.url,
    code: fields.code,
    discountPercent: fields.discountPercent,
    replaceCountries: true,
    countries: [...fields.countries],
    language: fields.language,
    startsAt: onDay(stored(current.startsAt), fields.startsAt),
    endsAt: fields.endsAt ? onDay(stored(current.endsAt), fields.endsAt) : undefined,
    // An emptied end makes the promotion open-ended again.
    clearEndsAt: !fields.endsAt && current.endsAt !== '',
  });
}
