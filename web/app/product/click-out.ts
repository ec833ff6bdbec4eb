/**
 * The outbound link of an offer: /goto/{locationId} with the product it belongs to, so the
 * click-out route can resolve the location among the product's offers (ADR 012) until the
 * affiliates service resolves it on its own.
 */
export function clickOutHref(offer: { clickLink: string; productId: string }): string {
  return `${offer.clickLink}?product=${encodeURIComponent(offer.productId)}`;
}
