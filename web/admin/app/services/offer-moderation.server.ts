import { OffersServiceService, type StaffOffer } from '@pc/proto/offers/v1/offers';
import { config } from '../config.server';
import { client } from './grpc.server';
import { formatMoney } from './money';

const offers = client(OffersServiceService, config.OFFERS_GRPC_ADDR);

/** An offer of a product as the shopping panel lists it: listed or not, and why not. */
export interface StaffOfferRow {
  readonly id: string;
  readonly shopId: string;
  readonly shopOfferId: string;
  readonly shop: string;
  readonly name: string;
  readonly country: string;
  readonly price: string;
  readonly lastSeenAt: string;
  readonly hidden: boolean;
  readonly hiddenReason: string;
  /** '' while listed; stale, hidden, shop_suspended, … */
  readonly inactiveReason: string;
}

const offerRow = (staffOffer: StaffOffer): StaffOfferRow => {
  const offer = staffOffer.offer;
  return {
    id: offer?.id ?? '',
    shopId: offer?.shop?.id ?? '',
    shopOfferId: offer?.shopOfferId ?? '',
    shop: offer?.shop?.name ?? '',
    name: offer?.name ?? '',
    country: offer?.country ?? '',
    price: formatMoney(offer?.price),
    lastSeenAt: offer?.observedAt?.toISOString() ?? '',
    hidden: staffOffer.hidden,
    hiddenReason: staffOffer.hiddenReason,
    inactiveReason: staffOffer.inactiveReason,
  };
};

/** Every offer of a product, hidden ones too (offers checks staff:shopping). */
export async function productOffersForStaff(actorUserId: string, productId: string): Promise<StaffOfferRow[]> {
  const answer = await offers.listProductOffersForStaff({ actorUserId, productId });
  return answer.offers.map(offerRow);
}

/** Hides an offer with a reason, or lists it again; offers audits it. */
export async function setOfferHidden(actorUserId: string, offerId: string, hidden: boolean, reason: string) {
  await offers.setOfferHidden({ actorUserId, offerId, hidden, reason });
}

/** Flags the offer's match as wrong: catalog vetoes the pair, offers matches it anew; audited. */
export async function flagWrongMatch(actorUserId: string, offerId: string, reason: string): Promise<string> {
  const { offer } = await offers.flagWrongMatch({ actorUserId, offerId, reason });
  return offer?.offer?.productId ?? '';
}

/** Where a split sends the picked offers: an existing product, or one catalog creates for it. */
export type SplitTarget =
  | { readonly kind: 'existing'; readonly productId: string }
  | {
      readonly kind: 'new';
      /** Name per language, English (the default) included. */
      readonly names: Readonly<Record<string, string>>;
      /** '' for the source's brand or category. */
      readonly brandId: string;
      readonly categoryId: string;
    };

/**
 * Splits offers, and picked GTINs, off a product to another or to a new one (ADR 065); catalog
 * keeps matching from pulling them back and audits its part, offers audits the move. Answers the
 * target's id.
 */
export async function splitOffers(
  actorUserId: string,
  productId: string,
  offerIds: readonly string[],
  gtins: readonly string[],
  target: SplitTarget,
  reason: string,
): Promise<string> {
  const answer = await offers.splitOffers({
    actorUserId,
    productId,
    offerIds: [...offerIds],
    gtins: [...gtins],
    targetProductId: target.kind === 'existing' ? target.productId : '',
    newProduct:
      target.kind === 'new'
        ? {
            texts: Object.entries(target.names).map(([language, name]) => ({ language, name, description: '' })),
            brandId: target.brandId,
            categoryId: target.categoryId,
          }
        : undefined,
    reason,
  });
  return answer.targetProductId;
}
