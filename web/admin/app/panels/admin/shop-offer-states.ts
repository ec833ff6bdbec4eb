/** The two states of a shop's offers table: the site lists them, or it does not (and says why). */
export const SHOP_OFFER_STATES = ['listed', 'not-listed'] as const;
export type ShopOfferState = (typeof SHOP_OFFER_STATES)[number];
