import type { SearchDocument, SearchIndexHandle, SearchRequest, SearchResult } from '@pc/kit/ports/search-index';

const CHUNK = 100;
const MAX_WINDOW = 10_000;

/**
 * A search that leaves some ids out (a product's own rows: "similar products" without itself).
 * The port has no negative filter, so the page is cut from the ordered hits with the excluded
 * ones dropped, and the total is reduced by the excluded documents that match. Facets and
 * metrics still count the excluded documents (at most a handful).
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
  const [first, matchingExcluded] = await Promise.all([
    index.search({ ...request, page: 1, hitsPerPage: CHUNK }),
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
  for (let page = 2; kept.length < wanted && (page - 1) * CHUNK < first.total && page * CHUNK <= MAX_WINDOW; page++) {
    const next = await index.search({ ...request, facets: [], metrics: [], page, hitsPerPage: CHUNK });
    kept.push(...next.hits.filter((hit) => !excluded.has(hit.id)));
  }
  return {
    ...first,
    hits: kept.slice(wanted - size, wanted),
    total: Math.max(0, first.total - matchingExcluded.total),
  };
}
