import { panelPath } from '../panels';

/** The statuses of a shop review (ShopReviewStatus) as the shop reviews page's URL and messages name them. */
export const SHOP_REVIEW_STATUSES = ['published', 'hidden'] as const;

export type ShopReviewStatusName = (typeof SHOP_REVIEW_STATUSES)[number];

export const isShopReviewStatus = (value: string | undefined): value is ShopReviewStatusName =>
  (SHOP_REVIEW_STATUSES as readonly string[]).includes(value ?? '');

/** The shopping panel's shop reviews page, filtered by one shop when given. */
export const shopReviewsPath = (shopId = ''): string =>
  `${panelPath('shopping', 'shop-reviews')}${shopId ? `?${new URLSearchParams({ shop: shopId })}` : ''}`;

/** Characters of a review's text a table cell shows before the rest goes behind a toggle. */
export const CELL_TEXT = 140;

/**
 * A text as a table cell shows it: whole when short, else cut at the last space before `max`
 * characters (or at `max` when a word is that long) and marked with an ellipsis. Characters are
 * code points, so a cut never splits one.
 */
export function cutText(text: string, max = CELL_TEXT): { readonly short: string; readonly cut: boolean } {
  const chars = [...text];
  if (chars.length <= max) return { short: text, cut: false };
  const head = chars.slice(0, max).join('');
  const space = head.search(/\s\S*$/);
  const short = (space > max / 2 ? head.slice(0, space) : head).trimEnd();
  return { short: `${short}…`, cut: true };
}

/**
 * Where a write on the page goes back to: the page with the filters and page it was posted from
 * (`search`), the messages of an earlier write (`done`, `gone`) dropped and `flag` added.
 */
export function shopReviewsBack(search: string, flag: 'done' | 'gone'): string {
  const params = new URLSearchParams(search);
  params.delete('done');
  params.delete('gone');
  params.set(flag, '1');
  return `${panelPath('shopping', 'shop-reviews')}?${params}`;
}
