import { categoryNameParts, namesCategoryNames } from './category-names.server';
import type { PageParts, PagePartsStats } from './page-parts.server';
import { productPageParts } from './product-page-parts.server';

/** What the site's follower of the event bus and `/metrics` use of the page parts (web/site-process.mjs). */
export type FollowedPageParts = Pick<PageParts, 'keeps' | 'changed' | 'followed' | 'followedNow' | 'stats' | 'size'>;

/** A store of page parts, and which tags of a change concern it (all, when not said). */
export interface HeardPageParts {
  readonly parts: PageParts;
  readonly hears?: (tag: string) => boolean;
}

/**
 * Several stores of page parts as one: every change and every saying of the follower reaches each
 * (a change only with the tags it hears: a change naming nothing a store shows would still drop
 * the parts it is reading), and their counts are added up.
 */
export function pagePartsTogether(stores: readonly HeardPageParts[]): FollowedPageParts {
  const sum = (count: keyof PagePartsStats) => stores.reduce((total, { parts }) => total + parts.stats[count], 0);
  const stats: PagePartsStats = {
    get hits() {
      return sum('hits');
    },
    get stale() {
      return sum('stale');
    },
    get misses() {
      return sum('misses');
    },
    get changed() {
      return sum('changed');
    },
    get evicted() {
      return sum('evicted');
    },
  };
  return {
    keeps: stores.some(({ parts }) => parts.keeps),
    changed: (tags) => {
      for (const { parts, hears } of stores) parts.changed(hears ? tags.filter(hears) : tags);
    },
    followed: (since, forMs) => {
      for (const { parts } of stores) parts.followed(since, forMs);
    },
    followedNow: () => stores.some(({ parts }) => parts.followedNow()),
    stats,
    size: () => stores.reduce((total, { parts }) => total + parts.size(), 0),
  };
}

/**
 * The page parts this site process keeps between changes (ADR 093): the product page's and the
 * category names (ADR 131).
 */
export const sitePageParts = pagePartsTogether([
  { parts: productPageParts },
  { parts: categoryNameParts, hears: namesCategoryNames },
]);
