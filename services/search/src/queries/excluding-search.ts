import type { SearchDocument, SearchIndexHandle, SearchRequest, SearchResult } from '@pc/kit/ports/search-index';

/** The most hits one search may return (the port's limit). */
const CHUNK = 100;
const MAX_WINDOW = 10_000;

/**
 * A search that leaves some ids out (a product's own rows: "similar products" without itself).
 * The port has no negative filter, so the page is cut from the ordered hits with the excluded
 * ones dropped, and the total is reduced by the excluded documents that match. Facets and
 * metrics still count the excluded documents (at most a handful). The excluded can take at most
 * as many places as there are of them, so the hits read are the page's end plus that many: a page
 * of 8 similar products without its own product reads 9 hits, not a chunk of 100.
 */
export async function searchExcluding<D extends SearchDocument>(
  index: SearchIndexHandle<D>,
  request: SearchRequest,
  exclude: readonly string[],
): Promise<SearchResult<D>> {
  if (exclude.length === 0) return index.search(request);
  const size = request.hitsPerPage ?? 20;
  const wanted = ((request.page ?? 1) - 1) * size + size;
  const excluded = new Set(exclude);
  const chunk = Math.min(CHUNK, wanted + excluded.size);
  const [first, matchingExcluded] = await Promise.all([
    index.search({ ...request, page: 1, hitsPerPage: chunk }),
    index.search({
      ...request,
      facets: [],
      metrics: [],
      page: 1,
      hitsPerPage: 0,
      filters: [...(request.filters ?? []), { field: 'id', anyOf: exclude }],
    }),
  ]);
  const kept = first.hits.filter((hit) => !excluded.has(hit.id));
  for (let page = 2; kept.length < wanted && (page - 1) * chunk < first.total && page * chunk <= MAX_WINDOW; page++) {
    const next = await index.search({ ...request, facets: [], metrics: [], page, hitsPerPage: chunk });
    kept.push(...next.hits.filter((hit) => !excluded.has(hit.id)));
  }
  return {
    ...first,
    hits: kept.slice(wanted - size, wanted),
    total: Math.max(0, first.total - matchingExcluded.total),
  };
}
