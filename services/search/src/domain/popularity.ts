/**
 * The rank sort (spec §9) orders by popularity in the request's country: offers count as
 * interest from shops, counted click-outs (affiliates.click-recorded.v1) as interest from
 * visitors. A click weighs as much as ten offers: one visitor following an offer says more about
 * demand than one more shop listing the product. Ties go to the rating count, then the id.
 */
export const CLICK_WEIGHT = 10;

export function popularity(offers: number, clicks: number): number {
  return offers + CLICK_WEIGHT * clicks;
}
