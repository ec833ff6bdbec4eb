import { z } from 'zod';
import type { Refinement } from '@pc/proto/search/v1/types';
import { hitsPerPageParam, localeParam, nameListParam, pageParam, searchParam, sortParam } from '../http/params.server';
import type { FieldNames } from '../http/respond.server';
import type { Refinements } from '../http/refinements.server';

/**
 * The query every list endpoint takes (spec §7): search, page, hitsPerPage, sort, facets and
 * suggest (comma lists; facets may be "*" for all), plus refinements[facet]=… read apart.
 */
export function listQuery<K extends string>(defaultHitsPerPage: number, sortKeys: readonly [K, ...K[]]) {
  return z.object({
    locale: localeParam,
    search: searchParam,
    page: pageParam,
    hitsPerPage: hitsPerPageParam(defaultHitsPerPage),
    sort: sortParam(sortKeys),
    facets: nameListParam({ allowAll: true }),
    suggest: nameListParam({ allowAll: false }),
  });
}

/** How the search service names the list parameters in its field violations. */
export const LIST_FIELDS: FieldNames = { query: 'search', sort: 'sort', facets: 'facets', suggest: 'suggest' };

/** Term refinements as search.proto wants them (mutable arrays). */
export const termRefinements = (refinements: Refinements): Refinement[] =>
  refinements.terms.map((r) => ({ facet: r.facet, values: [...r.values] }));
