import { categoryNamesOf, NO_CATEGORY_NAMES, type CategoryNames } from '~/api/mappers/category-names.server';
import { config } from '~/config.server';
import { categoryTree } from '~/services/catalog.server';
import { CATALOG_SHARED_SECONDS, CATEGORY_NAMES_TAG } from '~/site/cache-headers';
import { optional } from './load.server';
import { pageParts } from './page-parts.server';

/**
 * Catalog's category names, one tree per language, kept in each site process (ADR 126): every
 * list, facet and suggestion that names a category relabels it from here, so a render asks
 * catalog nothing while they are kept. Catalog's CategoryChanged and CategoryDeleted name them
 * (`categories`, ADR 131): the site's follower of the bus drops them as soon as a category is
 * renamed, moved, added or deleted, and while it is heard following the bus they live as long as
 * the product page's evented parts (ADR 101). Otherwise they live `CATALOG_SHARED_SECONDS` (60 s,
 * the age the categories page is given in shared caches). Past their age they are answered while
 * read again in the background, for up to an hour, so that catalog being down keeps the last
 * names rather than search's English ones.
 */
export const categoryNameParts = pageParts({
  maxAgeMs: CATALOG_SHARED_SECONDS * 1000,
  eventedMaxAgeMs: Math.max(CATALOG_SHARED_SECONDS, config.PAGE_PARTS_EVENTED_MAX_AGE_SECONDS) * 1000,
  staleMs: 60 * 60 * 1000,
  // One entry per interface language; a few to spare.
  maxEntries: 12,
});

/**
 * Whether a change names the kept category names: the follower's other changes (a price, a shop)
 * pass them by, so that a tree being read while offers change is still kept.
 */
export const namesCategoryNames = (tag: string): boolean => tag === CATEGORY_NAMES_TAG;

/**
 * The category names in `language`. A read the first time (or once the kept ones are past their
 * hour) asks catalog, shared by the readers at the same time; catalog failing answers no names
 * (search's labels stand) and is asked again by the next reader.
 */
export async function categoryNamesIn(language: string): Promise<CategoryNames> {
  const names = await optional(
    categoryNameParts.read(
      `categories|${language}`,
      async () => categoryNamesOf(await categoryTree(language)),
      () => [CATEGORY_NAMES_TAG],
      { evented: true },
    ),
  );
  return names ?? NO_CATEGORY_NAMES;
}
