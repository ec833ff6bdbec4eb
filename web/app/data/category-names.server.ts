import { categoryNamesOf, NO_CATEGORY_NAMES, type CategoryNames } from '~/api/mappers/category-names.server';
import { categoryTree } from '~/services/catalog.server';
import { CATALOG_SHARED_SECONDS } from '~/site/cache-headers';
import { optional } from './load.server';
import { pageParts } from './page-parts.server';

/**
 * Catalog's category names, one tree per language, kept in each site process (ADR 126): every
 * list, facet and suggestion that names a category relabels it from here, so a render asks
 * catalog nothing while they are kept. No event says when a category's translation changes, so
 * they live `CATALOG_SHARED_SECONDS` (60 s, the age the categories page, which shows the same
 * names, is given in shared caches); past it they are answered while read again in the
 * background, for up to an hour, so that catalog being down keeps the last names rather than
 * search's English ones.
 */
const keptNames = pageParts({
  maxAgeMs: CATALOG_SHARED_SECONDS * 1000,
  staleMs: 60 * 60 * 1000,
  // One entry per interface language; a few to spare.
  maxEntries: 12,
});

/**
 * The category names in `language`. A read the first time (or once the kept ones are past their
 * hour) asks catalog, shared by the readers at the same time; catalog failing answers no names
 * (search's labels stand) and is asked again by the next reader.
 */
export async function categoryNamesIn(language: string): Promise<CategoryNames> {
  const names = await optional(
    keptNames.read(
      `categories|${language}`,
      async () => categoryNamesOf(await categoryTree(language)),
      () => [],
    ),
  );
  return names ?? NO_CATEGORY_NAMES;
}
