/**
 * English texts of a shop page's product cards (ADR 139): the shop's own price, the lowest across
 * shops beside it, and what the price filter and sort go by. The `shopPrices` namespace of
 * messages/en.ts; the other languages' shop-prices files follow it.
 */
const shopPrices = {
  /** After the shop's own price on its card: "CHF 299 at Rheinmarkt". */
  at: 'at {{shop}}',
  /** Before the lowest price across shops, when it is lower than the shop's (or the shop has none). */
  lowest: 'Lowest across shops:',
  /** A listed product the shop no longer offers (search has not caught up yet). */
  notOffered: 'Not offered here at the moment',
  /** Near the filters: the price range and the cheapest sort go by the lowest price across shops. */
  filterNote: 'Price filter and sort: lowest price across shops',
};

export default shopPrices;

export type ShopPricesMessages = typeof shopPrices;
