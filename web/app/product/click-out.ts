/**
 * The product page's outbound links: /goto/{locationId} saying it is the product page (an EcoTip
 * donation needs a click from there, spec §1), which link it is (an offer row, or the visit-shop
 * button: spec §7's visit logger) and the product (it finds an offer affiliates has not learnt yet).
 */
export function clickOutHref(
  offer: { clickLink: string; productId: string },
  placement: 'offer' | 'visit_shop' = 'offer',
): string {
  return `${offer.clickLink}?o=product&p=${placement}&product=${encodeURIComponent(offer.productId)}`;
}
