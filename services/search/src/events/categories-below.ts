import type { SearchIndexHandle } from '@pc/kit/ports/search-index';
import type { CategoryDocument } from '../domain/category-document.js';

/** Ids per page of the search for them (the most a search answers). */
const PAGE_SIZE = 100;
/**
 * The most ids read: paging deeper than 10,000 hits is refused by Elasticsearch. Google's whole
 * taxonomy has about 5,600 categories; ones beyond take their ancestors' names at their next
 * product event or a rebuild.
 */
const MAX_IDS = 10_000;

/**
 * The ids of the category documents below these categories (whose `path_ids` hold one of them),
 * as search sees them: a document written since the last refresh may be missing, and its writer
 * reads its ancestors' names after writing it (EntityWriter.renameWritten).
 */
export async function categoriesBelow(
  index: SearchIndexHandle<CategoryDocument>,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const found: string[] = [];
  for (let page = 1; page * PAGE_SIZE <= MAX_IDS; page++) {
    const result = await index.search({ filters: [{ field: 'path_ids', anyOf: ids }], page, hitsPerPage: PAGE_SIZE });
    found.push(...result.hits.map((hit) => hit.id));
    if (result.hits.length < PAGE_SIZE || found.length >= result.total) break;
  }
  return found;
}
