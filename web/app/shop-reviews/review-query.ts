/**
 * The reviews on a shop's page and in its owner's settings: 10 a page, in one of three orders.
 * Their query parameters are the page's own beside the product list's `page` and `sort`.
 */
export const REVIEWS_PER_PAGE = 10;

/** The orders of a shop's reviews, newest first by default (the API's `sort` keys as well). */
export const SHOP_REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;
export type ShopReviewSort = (typeof SHOP_REVIEW_SORTS)[number];

/** The query parameters of the reviews: their page, their order, and the notice after a review was written. */
export const REVIEW_PARAMS = { page: 'reviewsPage', sort: 'reviewsSort', notice: 'review' } as const;

/** What a notice parameter may say (the review form sends the visitor back with it). */
export const REVIEW_NOTICES = ['published'] as const;
export type ReviewNotice = (typeof REVIEW_NOTICES)[number];

/** Beyond this a page number is a typo, not a page (and stays inside the RPC's int32). */
const MAX_PAGE = 10_000;

const isSort = (value: string | null): value is ShopReviewSort =>
  (SHOP_REVIEW_SORTS as readonly string[]).includes(value ?? '');

/** The page and order the URL asks for: page 1 and newest for anything else. */
export function reviewQuery(url: URL): { page: number; sort: ShopReviewSort } {
  const raw = url.searchParams.get(REVIEW_PARAMS.page) ?? '';
  const page = /^\d{1,5}$/.test(raw) ? Number(raw) : 1;
  const sort = url.searchParams.get(REVIEW_PARAMS.sort);
  return { page: page >= 1 && page <= MAX_PAGE ? page : 1, sort: isSort(sort) ? sort : 'newest' };
}

/** The notice the URL carries, if it is one the page knows. */
export function reviewNotice(url: URL): ReviewNotice | null {
  const notice = url.searchParams.get(REVIEW_PARAMS.notice);
  return (REVIEW_NOTICES as readonly string[]).includes(notice ?? '') ? (notice as ReviewNotice) : null;
}

/**
 * The link of a page of reviews: the page's other parameters kept (the product list's page and
 * sort, the order), a notice dropped, at the reviews' heading.
 */
export function reviewsPageHref(search: string, page: number, anchor = 'reviews'): string {
  const params = new URLSearchParams(search);
  params.delete(REVIEW_PARAMS.notice);
  if (page <= 1) params.delete(REVIEW_PARAMS.page);
  else params.set(REVIEW_PARAMS.page, String(page));
  const query = params.toString();
  return `${query ? `?${query}` : '?'}#${anchor}`;
}

/**
 * The order form's hidden fields: what else the page shows stays (the product list's page, sort
 * and filters, `refinements[…]`, each value as the URL has it).
 */
export function keptForOrder(search: string): [string, string][] {
  const params = new URLSearchParams(search);
  const list = ['page', 'sort'].flatMap((name) => {
    const value = params.get(name);
    return value ? [[name, value] as [string, string]] : [];
  });
  const filters = [...params].filter(([name, value]) => name.startsWith('refinements[') && value !== '');
  return [...list, ...filters];
}
