/**
 * Pure rules of the product page (spec §2.7, §4, §9), shared by the server render and the
 * browser.
 */
export const INITIAL_OFFERS = 10;
export const DESCRIPTION_CUT = 500;
/** A brand or category row appears only above this many products. */
export const ROW_MIN_PRODUCTS = 10;

export type BadgeColour = 'grey' | 'blue' | 'green' | 'orange' | 'red';

/** Availability badge colours of spec §4. */
export function badgeColour(availability: string): BadgeColour {
  switch (availability) {
    case 'pre_sale':
    case 'pre_order':
      return 'blue';
    case 'in_stock':
      return 'green';
    case 'out_of_stock':
    case 'limited':
    case 'sold_out':
      return 'orange';
    case 'discontinued':
      return 'red';
    default:
      return 'grey';
  }
}

/** The offers shown: the first 10 until "Show all" (spec §4). */
export function visibleOffers<T>(offers: readonly T[], showAll: boolean): { shown: readonly T[]; hidden: number } {
  if (showAll || offers.length <= INITIAL_OFFERS) return { shown: offers, hidden: 0 };
  return { shown: offers.slice(0, INITIAL_OFFERS), hidden: offers.length - INITIAL_OFFERS };
}

/** A description cut at 500 characters, at the last word boundary before the cut. */
export function cutDescription(text: string, limit = DESCRIPTION_CUT): { text: string; cut: boolean } {
  if (text.length <= limit) return { text, cut: false };
  const head = text.slice(0, limit);
  const space = head.lastIndexOf(' ');
  return { text: `${(space > limit * 0.8 ? head.slice(0, space) : head).trimEnd()}…`, cut: true };
}

/** The product id in a product path segment ("slug-p{id}"): only the part after the last marker. */
export function productIdFromSegment(segment: string): string {
  const at = segment.lastIndexOf('-p');
  return at === -1 ? segment : segment.slice(at + 2);
}
