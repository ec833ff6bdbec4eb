import { RpcError } from '@pc/kit/errors/grpc-errors';
import type { Offer } from '@pc/proto/offers/v1/types';
import { shopOffersOfProducts } from '~/services/offers.server';
import type { SiteContext } from '~/site/site-context.server';

/** A price on a card, in minor units of its currency. */
export interface CardMoney {
  readonly amount: number;
  readonly currency: string;
}

/**
 * What a shop page's cards show as the shop's own price (ADR 139): its lowest offer of each
 * product in the page's country (any condition or variant), in the page's currency. A product
 * the shop does not offer there (search lists it still) has none. Null when offers could not be
 * asked: the cards then show no shop price rather than a wrong one.
 */
export type ShopPagePrices = Readonly<Record<string, CardMoney>> | null;

/**
 * Offers sorted by item price come 100 at a time: a product whose every offer lies past them is
 * asked again with the others not yet seen, a few rounds at most (a shop rarely offers one product
 * many times over).
 */
const MAX_ROUNDS = 3;

const cardMoneyOf = (offer: Offer): CardMoney | null => {
  const money = offer.displayPrice ?? offer.price;
  return money ? { amount: money.amountMinor, currency: money.currency } : null;
};

/** The shop's own lowest price of each of `productIds` on its page (batched: one call as a rule). */
export async function shopPagePrices(
  context: SiteContext,
  shopId: string,
  productIds: readonly string[],
): Promise<ShopPagePrices> {
  const prices: Record<string, CardMoney> = {};
  let asked = [...new Set(productIds)];
  try {
    for (let round = 0; round < MAX_ROUNDS && asked.length > 0; round++) {
      const { offers, total } = await shopOffersOfProducts(
        shopId,
        asked,
        context.locale.country.toUpperCase(),
        context.currency,
      );
      // Cheapest item price first: a product's first offer is its lowest.
      for (const offer of offers) {
        const money = cardMoneyOf(offer);
        if (money && !(offer.productId in prices)) prices[offer.productId] = money;
      }
      if (total <= offers.length) break;
      asked = asked.filter((id) => !(id in prices));
    }
  } catch (error) {
    if (error instanceof RpcError) return null;
    throw error;
  }
  return prices;
}
