import { ListPriceCheck, type Offer, type PriceHold, type ShopRef } from '@pc/proto/offers/v1/types';
import { availabilityKey, conditionKey } from './enum-keys.server';
import { isoTime, moneyJson, orNull } from './money.server';
import { shopRatingRefJson, type ShopRatingRefJson } from './shop-review.server';
import { sitePaths } from './site-paths.server';

/** A shop as an offer shows it; `rating` (stars and review count) only while it has published reviews. */
export interface ShopRefJson {
  readonly id: string;
  readonly name: string;
  readonly favicon: string | null;
  readonly rating?: ShopRatingRefJson;
}

export function shopRefJson(shop: ShopRef | undefined): ShopRefJson {
  const ref = { id: shop?.id ?? '', name: shop?.name ?? '', favicon: orNull(shop?.faviconUrl ?? '') };
  const rating = shopRatingRefJson(shop?.rating);
  return rating ? { ...ref, rating } : ref;
}

const LIST_PRICE_CHECKS: Readonly<Record<ListPriceCheck, string | null>> = {
  [ListPriceCheck.LIST_PRICE_CHECK_UNSPECIFIED]: null,
  [ListPriceCheck.LIST_PRICE_CHECK_CONFIRMED]: 'confirmed',
  [ListPriceCheck.LIST_PRICE_CHECK_NOT_LOWEST]: 'not_lowest',
  [ListPriceCheck.LIST_PRICE_CHECK_NOT_SEEN]: 'not_seen',
};

/**
 * An offer as spec §3 names its fields (camelCase there). `price` is what the visitor pays in
 * the locale's currency; when the shop priced it in another currency, `originalDisplayPrice`
 * and `originalDisplayCurrency` keep the shop's own figure. `originalPrice` is the shop's
 * crossed-out price before a reduction. `clickLink` works as given (affiliates resolves and
 * records it); `clicks` are its counted click-outs this and last month, null when unknown.
 */
export function offerJson(offer: Offer, clicks: number | null = null) {
  const shown = moneyJson(offer.displayPrice) ?? moneyJson(offer.price);
  const own = moneyJson(offer.price);
  const converted = shown !== null && own !== null && shown.currency !== own.currency;
  return {
    identifier: offer.id,
    productId: offer.productId,
    name: offer.name,
    image: orNull(offer.imageUrl),
    shop: shopRefJson(offer.shop),
    availability: availabilityKey(offer.availability),
    condition: conditionKey(offer.condition),
    country: offer.country,
    currency: shown?.currency ?? null,
    price: shown,
    originalPrice: moneyJson(offer.listPrice),
    originalDisplayCurrency: converted ? own.currency : null,
    originalDisplayPrice: converted ? own.amount : null,
    shipping: moneyJson(offer.displayShipping) ?? moneyJson(offer.shipping),
    // price + shipping in the visitor's currency (null while shipping is unknown, ADR 049).
    total: moneyJson(offer.displayTotal),
    // The true "was" price from offers' history (ADR 049a): the only price struck through.
    wasPrice: moneyJson(offer.reduction?.displayWasPrice) ?? moneyJson(offer.reduction?.wasPrice),
    reducedAt: isoTime(offer.reduction?.reducedAt),
    // The shop's list price against what we saw it charge: confirmed, not_lowest, not_seen.
    listPriceCheck:
      LIST_PRICE_CHECKS[offer.reduction?.listPriceCheck ?? ListPriceCheck.LIST_PRICE_CHECK_UNSPECIFIED] ?? null,
    deliveryTime: orNull(offer.deliveryTime),
    clickLink: sitePaths.clickOut(offer.locationId),
    rel: offer.rel,
    isGreen: offer.isGreen,
    position: offer.position,
    clicks,
    lastSeenAt: isoTime(offer.observedAt),
    priceChangedAt: isoTime(offer.priceChangedAt),
    priceHold: priceHoldJson(offer.priceHold),
  };
}

/**
 * Why offers holds the price back (ADR 146): far below the median of the other shops' offers in
 * its country (`median` in that country's currency, over `compared` offers). Null while it counts.
 */
function priceHoldJson(hold: PriceHold | undefined) {
  if (!hold?.reason) return null;
  return { reason: hold.reason, median: moneyJson(hold.medianPrice), compared: hold.comparedOffers };
}

export type OfferJson = ReturnType<typeof offerJson>;
