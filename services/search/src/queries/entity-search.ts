import type {
  FacetBucket,
  SearchDocument,
  SearchFilter,
  SearchHit,
  SearchLanguage,
  SearchRequest,
  SortClause,
} from '@pc/kit/ports/search-index';
import type { Page, PageInput } from '@pc/kit/paging/page';
import { pageResponse } from '@pc/kit/paging/page';
import { EntitySort } from '@pc/proto/common/v1/sort';
import type { Refinement } from '@pc/proto/search/v1/types';
import {
  FacetType,
  SuggestionKind,
  type EntitySortOption,
  type Facet,
  type SuggestGroup,
  type Suggestion,
} from '@pc/proto/search/v1/types';
import type { Country } from '../domain/countries.js';
import { correctedQuery } from '../domain/did-you-mean.js';
import { clicksField } from '../domain/entity-popularity.js';
import { escapeHtml } from '../domain/highlight.js';
import * as fields from '../grpc/common-fields.js';
import { Violations } from '../grpc/violations.js';
import type { SearchIndices } from '../store/search-indices.js';
import type { EntityKind } from './entity-kinds.js';
import { entitySuggestions, SUGGESTERS, type Suggester } from './suggesters.js';

/** The fields SearchBrands, SearchShops and SearchCategories share. */
export interface EntityListRequest {
  readonly query: string;
  readonly language: string;
  readonly country: string;
  readonly page?: PageInput | undefined;
  readonly sort: EntitySort;
  readonly facets: readonly string[];
  readonly suggest: readonly string[];
  readonly refinements: readonly Refinement[];
}

/** The alphabetical sort key every list index holds. */
const SORT_NAME = 'sort_name';

/** Spec §9: shop and category lookups page by 24; brands list alike. */
const LIST_PAGE_SIZE = 24;

export const ENTITY_SORT_KEYS: ReadonlyMap<EntitySort, string> = new Map([
  [EntitySort.ENTITY_SORT_RELEVANCE, 'relevance'],
  [EntitySort.ENTITY_SORT_NAME, 'name'],
  [EntitySort.ENTITY_SORT_PRODUCT_COUNT, 'products'],
  [EntitySort.ENTITY_SORT_NEWEST, 'new'],
  [EntitySort.ENTITY_SORT_POPULARITY, 'popular'],
]);

interface ParsedList {
  readonly text: string;
  readonly language: SearchLanguage;
  readonly country: Country | null;
  readonly page: Page;
  readonly sort: EntitySort;
  readonly facets: readonly string[];
  readonly suggesters: readonly Suggester[];
  readonly refinements: ReadonlyMap<string, readonly (string | number)[]>;
}

export interface EntityListResult<D extends SearchDocument> {
  readonly hits: readonly SearchHit<D>[];
  readonly text: string;
  readonly language: SearchLanguage;
  readonly page: ReturnType<typeof pageResponse>;
  readonly facets: Facet[];
  readonly suggestions: string[];
  readonly suggest: SuggestGroup[];
  readonly sortOptions: EntitySortOption[];
  readonly defaultSort: EntitySort;
  readonly tookMs: number;
}

/**
 * A list search (brands, shops, categories): text, sort, page (24 by default), facets computed
 * without their own refinement, "did you mean" when the text finds nothing, suggesters.
 */
export async function searchEntities<D extends SearchDocument & { name: string }>(
  indices: SearchIndices,
  kind: EntityKind<D>,
  request: EntityListRequest,
): Promise<EntityListResult<D>> {
  const startedAt = performance.now();
  const parsed = parseList(kind, request);
  const base: SearchFilter[] = [];
  const countryFilter = parsed.country ? await kind.countryFilter(parsed.country) : null;
  if (countryFilter) base.push(countryFilter);
  const refinementFilters = new Map(
    [...parsed.refinements].map(([facet, values]) => [facet, kind.facets[facet]?.refine(values)]),
  );
  const filtersExcept = (facet?: string): SearchFilter[] => [
    ...base,
    ...[...refinementFilters].flatMap(([name, filter]) => (name !== facet && filter ? [filter] : [])),
  ];
  const run = async (fuzzy: boolean) => {
    const common: SearchRequest = { text: parsed.text, language: parsed.language, fuzzy };
    const unrefined = parsed.facets.filter((facet) => !parsed.refinements.has(facet));
    const refined = parsed.facets.filter((facet) => parsed.refinements.has(facet));
    const [main, ...separate] = await Promise.all([
      kind.index.search({
        ...common,
        filters: filtersExcept(),
        facets: unrefined.flatMap((facet) => kind.facets[facet]?.request ?? []),
        sort: sortClauses(kind, parsed.sort, parsed.country, parsed.language),
        page: parsed.page.page,
        hitsPerPage: parsed.page.hitsPerPage,
      }),
      ...refined.map((facet) =>
        kind.index.search({
          ...common,
          filters: filtersExcept(facet),
          facets: kind.facets[facet] ? [kind.facets[facet].request] : [],
          hitsPerPage: 0,
        }),
      ),
    ]);
    const buckets = new Map<string, readonly FacetBucket[]>();
    for (const facet of parsed.facets) {
      const field = kind.facets[facet]?.request.field ?? '';
      const source = refined.includes(facet) ? separate[refined.indexOf(facet)] : main;
      buckets.set(facet, source?.facets[field] ?? []);
    }
    return { main, buckets };
  };
  let result = await run(false);
  let suggestions: string[] = [];
  if (result.main.total === 0 && parsed.text) {
    const tolerant = await run(true);
    if (tolerant.main.total > 0) {
      result = tolerant;
      const corrected = correctedQuery(
        parsed.text,
        parsed.language,
        tolerant.main.hits.slice(0, 5).map((hit) => nameIn(kind, hit.document, parsed.language)),
      );
      suggestions = corrected ? [corrected] : [];
    }
  }
  const hasQuery = parsed.text !== '';
  const [facets, suggest] = await Promise.all([
    facetsOf(kind, parsed, result.buckets),
    Promise.all(
      parsed.suggesters.map(async (name): Promise<SuggestGroup> => {
        if (name === 'query' || !hasQuery) return { name, suggestions: [] };
        return {
          name,
          suggestions: await entitySuggestions(indices, name, {
            text: parsed.text,
            language: parsed.language,
            country: parsed.country,
            limit: 5,
          }),
        };
      }),
    ),
  ]);
  return {
    hits: result.main.hits,
    text: parsed.text,
    language: parsed.language,
    page: pageResponse(parsed.page, result.main.total),
    facets,
    suggestions,
    suggest: suggest.map((group) =>
      group.name === 'query' ? { name: group.name, suggestions: suggestions.map(querySuggestion) } : group,
    ),
    sortOptions: offeredSorts(kind, hasQuery).map((sort) => ({
      sort,
      key: ENTITY_SORT_KEYS.get(sort) ?? '',
      selected: sort === parsed.sort,
    })),
    defaultSort: hasQuery ? EntitySort.ENTITY_SORT_RELEVANCE : EntitySort.ENTITY_SORT_NAME,
    tookMs: Math.round(performance.now() - startedAt),
  };
}

function querySuggestion(text: string): Suggestion {
  return {
    kind: SuggestionKind.SUGGESTION_KIND_QUERY,
    text,
    highlighted: escapeHtml(text),
    id: '',
    imageUrl: '',
    count: 0,
    slug: '',
  };
}

function offeredSorts<D extends SearchDocument>(kind: EntityKind<D>, hasQuery: boolean): EntitySort[] {
  return [...(hasQuery ? [EntitySort.ENTITY_SORT_RELEVANCE] : []), ...kind.sorts.keys()];
}

function parseList<D extends SearchDocument>(kind: EntityKind<D>, request: EntityListRequest): ParsedList {
  const v = new Violations();
  const text = fields.queryText(v, 'query', request.query);
  const language = fields.language(v, request.language);
  const country = fields.country(v, 'country', request.country, null);
  const page = fields.page(v, request.page, LIST_PAGE_SIZE);
  const known = Object.keys(kind.facets);
  const facets = request.facets.includes('*') ? known : [...new Set(request.facets)];
  request.facets.forEach((facet, i) => {
    if (facet !== '*' && !known.includes(facet))
      v.add(`facets[${i}]`, `unknown facet; one of ${known.join(', ')} or *`, 'in');
  });
  const suggesters = [...new Set(request.suggest)].filter((name): name is Suggester =>
    (SUGGESTERS as readonly string[]).includes(name),
  );
  request.suggest.forEach((name, i) => {
    if (!(SUGGESTERS as readonly string[]).includes(name))
      v.add(`suggest[${i}]`, `unknown suggester; one of ${SUGGESTERS.join(', ')}`, 'in');
  });
  const refinements = new Map<string, (string | number)[]>();
  request.refinements.forEach((refinement, i) => {
    const facet = kind.facets[refinement.facet];
    if (!facet) {
      v.add(`refinements[${i}].facet`, `unknown refinement; one of ${known.join(', ')}`, 'in');
      return;
    }
    const values = refinement.values.map((value) => value.trim()).filter(Boolean);
    values.forEach((value, j) => {
      const parsedValue = facet.parse(value);
      if (parsedValue === null) v.add(`refinements[${i}].values[${j}]`, `is not a valid ${refinement.facet}`, 'in');
      else refinements.set(refinement.facet, [...new Set([...(refinements.get(refinement.facet) ?? []), parsedValue])]);
    });
  });
  let sort = request.sort;
  if (sort === EntitySort.ENTITY_SORT_UNSPECIFIED || (sort === EntitySort.ENTITY_SORT_RELEVANCE && !text)) {
    sort = text ? EntitySort.ENTITY_SORT_RELEVANCE : EntitySort.ENTITY_SORT_NAME;
  } else if (sort !== EntitySort.ENTITY_SORT_RELEVANCE && !kind.sorts.has(sort)) {
    const offered = offeredSorts(kind, true)
      .map((option) => ENTITY_SORT_KEYS.get(option))
      .join(', ');
    v.add('sort', `is not offered here; one of ${offered}`, 'in');
  }
  v.throwIfAny();
  return { text, language, country, page, sort, facets, suggesters, refinements };
}

async function facetsOf<D extends SearchDocument>(
  kind: EntityKind<D>,
  parsed: ParsedList,
  buckets: ReadonlyMap<string, readonly FacetBucket[]>,
): Promise<Facet[]> {
  return Promise.all(
    parsed.facets.map(async (name): Promise<Facet> => {
      const facet = kind.facets[name];
      const selected = new Set((parsed.refinements.get(name) ?? []).map(String));
      const values = (buckets.get(name) ?? []).filter((bucket) => bucket.count > 0 || selected.has(bucket.value));
      const labels = facet
        ? await facet.labels(
            values.map((bucket) => bucket.value),
            parsed.language,
          )
        : new Map<string, string>();
      return {
        name,
        label: '',
        count: 0,
        type: FacetType.FACET_TYPE_TERMS,
        values: values.map((bucket) => ({
          value: facet?.show ? facet.show(bucket.value) : bucket.value,
          label: labels.get(bucket.value) ?? bucket.value,
          count: bucket.count,
          selected: selected.has(bucket.value),
        })),
        stats: undefined,
        numeric: false,
        unit: '',
      };
    }),
  );
}

/** The entity's name as a reader of `language` sees it. */
function nameIn<D extends SearchDocument & { name: string }>(kind: EntityKind<D>, doc: D, language: SearchLanguage) {
  return kind.nameIn ? kind.nameIn(doc, language) : doc.name;
}

/**
 * The sort's clauses; "most popular" in a list limited to a country orders by the clicks from
 * that country's site (`clicks_30d_<country>`), otherwise by all clicks; by name, by the name in
 * the request's language where the kind has one (categories), then by `sort_name`.
 */
function sortClauses<D extends SearchDocument>(
  kind: EntityKind<D>,
  sort: EntitySort,
  country: Country | null,
  language: SearchLanguage,
): SortClause[] {
  if (sort === EntitySort.ENTITY_SORT_RELEVANCE) return [];
  const clauses = kind.sorts.get(sort) ?? [];
  return clauses.flatMap((clause): SortClause[] => {
    if (clause.field === clicksField(null)) return [{ ...clause, field: clicksField(country) }];
    if (clause.field === SORT_NAME && kind.sortNameIn) return [{ ...clause, field: kind.sortNameIn(language) }, clause];
    return [clause];
  });
}
