import type { FxRate } from '@pc/proto/common/v1/money';
import type { Offer, PriceReduction, ShopRef } from '@pc/proto/offers/v1/types';
import { toMoneyMessage, toMoneyOrUndefined, type MoneyRecord } from './money.js';
import type { OfferRecord } from './offer-record.js';

/** rel of every outbound offer link: paid, unendorsed, no opener access. */
export const OFFER_LINK_REL = 'nofollow sponsored noopener';

export interface OfferView {
  /** 1-based position in a listing; 0 outside one. */
  readonly position?: number;
  /** The price converted for display, with the rate used; absent keeps the price. */
  readonly display?: { readonly money: MoneyRecord; readonly rate: FxRate | undefined };
  /** shipping and price + shipping converted for display (absent: not converted). */
  readonly displayShipping?: MoneyRecord;
  readonly displayTotal?: MoneyRecord;
  /** The offer's reduction from its price history (listings of a product). */
  readonly reduction?: PriceReduction;
}

/** price + shipping when the shipping is known and in the price's currency; null otherwise. */
export function offerTotal(record: Pick<OfferRecord, 'price' | 'shipping'>): MoneyRecord | null {
  const { price, shipping } = record;
  if (!shipping || shipping.currency !== price.currency) return null;
  return { amountMinor: price.amountMinor + shipping.amountMinor, currency: price.currency };
}

export function toOfferMessage(record: OfferRecord, shop: ShopRef | undefined, view: OfferView = {}): Offer {
  return {
    id: record._id,
    locationId: record.locationId,
    productId: record.productId,
    shop,
    shopOfferId: record.shopOfferId,
    name: record.name,
    imageUrl: record.imageUrl,
    url: record.url,
    availability: record.availability,
    condition: record.condition,
    country: record.country,
    price: toMoneyMessage(record.price),
    listPrice: toMoneyOrUndefined(record.listPrice),
    shipping: toMoneyOrUndefined(record.shipping),
    displayPrice: toMoneyMessage(view.display?.money ?? record.price),
    fxRate: view.display?.rate,
    isGreen: record.isGreen,
    deliveryTime: record.deliveryTime,
    gtin: record.gtin,
    mpn: record.mpn,
    position: view.position ?? 0,
    rel: OFFER_LINK_REL,
    active: record.active,
    firstSeenAt: new Date(record.firstSeenAt),
    observedAt: new Date(record.lastSeenAt),
    priceChangedAt: new Date(record.priceChangedAt),
    version: record.version,
    total: toMoneyOrUndefined(offerTotal(record)),
    displayTotal: toMoneyOrUndefined(view.displayTotal ?? offerTotal(record)),
    displayShipping: toMoneyOrUndefined(view.displayShipping ?? record.shipping),
    reduction: view.reduction,
    priceHold: record.priceHold
      ? {
          reason: record.priceHold.reason,
          medianPrice: { amountMinor: record.priceHold.medianMinor, currency: record.priceHold.currency },
          comparedOffers: record.priceHold.comparedOffers,
          heldSince: new Date(record.priceHold.since),
        }
      : undefined,
  };
}
