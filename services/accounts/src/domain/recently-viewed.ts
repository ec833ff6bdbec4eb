/** Spec §9: at most 10 recently viewed products. */
export const RECENTLY_VIEWED_MAX = 10;

export interface ViewedProduct {
  readonly productId: string;
  /** ISO time of the view. */
  readonly viewedAt: string;
}

/**
 * Merges views into a list: each product once with its latest view, newest first, at most 10.
 * Used for single views and for the guest cookie list merged at sign-in alike.
 */
export function mergeViews(current: readonly ViewedProduct[], views: readonly ViewedProduct[]): ViewedProduct[] {
  const latest = new Map<string, ViewedProduct>();
  for (const view of [...current, ...views]) {
    const known = latest.get(view.productId);
    if (!known || known.viewedAt < view.viewedAt) latest.set(view.productId, view);
  }
  return [...latest.values()]
    .sort((a, b) =>
      a.viewedAt === b.viewedAt ? a.productId.localeCompare(b.productId) : a.viewedAt < b.viewedAt ? 1 : -1,
    )
    .slice(0, RECENTLY_VIEWED_MAX);
}
