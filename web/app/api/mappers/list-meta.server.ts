import type { PageResponse } from '@pc/proto/common/v1/paging';
import {
  FacetType,
  SuggestionKind,
  type AggregationMetrics,
  type Facet,
  type SuggestGroup,
} from '@pc/proto/search/v1/types';
import { isSpecFacet, SPEC_FACET_PREFIX } from '~/search/refinement-values';
import { attributeName } from './attribute-names.server';
import { categoryLabel, NO_CATEGORY_NAMES, type CategoryNames } from './category-names.server';
import { suggestionKindKey } from './enum-keys.server';
import { moneyJson } from './money.server';

/** One value of a terms facet; `number` only for a numeric specification's values (its number in the unit). */
export interface FacetValueJson {
  readonly value: string;
  readonly label: string;
  readonly count: number;
  readonly selected: boolean;
  readonly number?: number;
}

/** A facet of a list answer, keyed by its name in `meta.facets`. */
export type FacetJson =
  | {
      readonly type: 'terms';
      /** A specification's (`spec:<key>`): its name in the answer's language, and how many products of the result state it. */
      readonly label?: string;
      readonly count?: number;
      readonly values: readonly FacetValueJson[];
      /**
       * A specification whose values are all numbers in one unit (ADR 123): the unit ('' for
       * plain numbers) and its numbers' min, max and average, over the result without its own
       * refinement; `count` the products there that state it. Refined by `min..max`.
       */
      readonly numeric?: { unit: string; min: number; max: number; avg: number; count: number };
      /** A specification refined by a range: its bounds, null where open. */
      readonly chosen?: { min: number | null; max: number | null };
    }
  | { readonly type: 'range'; readonly stats: { min: number; max: number; avg: number; count: number } };

export interface SortOptionJson {
  readonly key: string;
  readonly selected: boolean;
}

/**
 * `meta` of every list answer (spec §3 Search result, §7): paging, facets, "did you mean"
 * suggestions, suggester results, the sorts on offer and the aggregated metrics.
 */
export interface ListMeta {
  readonly total: number;
  readonly pages: number;
  readonly page: number;
  readonly hitsPerPage: number;
  /** True when total is only a lower bound: the pagination shows "..." for the last page. */
  readonly totalIsLowerBound: boolean;
  readonly facets: Readonly<Record<string, FacetJson>>;
  readonly suggestions: readonly string[];
  readonly suggest: Readonly<Record<string, readonly unknown[]>>;
  readonly sortOptions: readonly SortOptionJson[];
  readonly defaultSort: string | null;
  readonly sort: string | null;
  readonly aggregations: { readonly metrics: Readonly<Record<string, unknown>> };
}

/** The paging part of meta; a missing PageResponse means the service returned nothing. */
export function pagingMeta(page: PageResponse | undefined, requested: { page: number; hitsPerPage: number }) {
  return {
    total: page?.total ?? 0,
    pages: page?.pages ?? 0,
    page: page?.page || requested.page,
    hitsPerPage: page?.hitsPerPage || requested.hitsPerPage,
    totalIsLowerBound: page?.totalIsLowerBound ?? false,
  };
}

/**
 * The facets whose values are category ids: a product's or a brand's categories, a category's
 * parent (search's categories list).
 */
const CATEGORY_FACETS: ReadonlySet<string> = new Set(['category', 'parent']);

/**
 * The facets of an answer by name, in the order search gave them (a terms facet's values by
 * count). A specification's facet (`spec:<key>`) carries its name, translated into `language`
 * where the site knows it (as the specification tables are), and how many products of the result
 * state it. A category's value is labelled with its name in `categoryNames` (catalog's, in the
 * answer's language, ADR 126), else as search labelled it.
 */
export function facetsJson(
  facets: readonly Facet[],
  language?: string,
  categoryNames: CategoryNames = NO_CATEGORY_NAMES,
): Record<string, FacetJson> {
  const result: Record<string, FacetJson> = {};
  for (const facet of facets) {
    const label = CATEGORY_FACETS.has(facet.name)
      ? (value: string, given: string) => categoryLabel(categoryNames, value, given)
      : (_value: string, given: string) => given;
    result[facet.name] = isSpecFacet(facet.name)
      ? specFacetJson(facet, language)
      : facet.type === FacetType.FACET_TYPE_RANGE
        ? {
            type: 'range',
            stats: {
              min: facet.stats?.min ?? 0,
              max: facet.stats?.max ?? 0,
              avg: facet.stats?.avg ?? 0,
              count: facet.stats?.count ?? 0,
            },
          }
        : {
            type: 'terms',
            values: facet.values.map((v) => ({
              value: v.value,
              label: label(v.value, v.label),
              count: v.count,
              selected: v.selected,
            })),
          };
  }
  return result;
}

/** A specification's facet: its name, count and values, and its scale when it is numeric. */
function specFacetJson(facet: Facet, language: string | undefined): FacetJson {
  const ranged = facet.chosenMin !== undefined || facet.chosenMax !== undefined;
  return {
    type: 'terms',
    label: specName(facet, language),
    count: facet.count,
    values: facet.values.map((v) => ({
      value: v.value,
      label: v.label,
      count: v.count,
      selected: v.selected,
      ...(facet.numeric && v.number !== undefined ? { number: v.number } : {}),
    })),
    ...(facet.numeric
      ? {
          numeric: {
            unit: facet.unit,
            min: facet.stats?.min ?? 0,
            max: facet.stats?.max ?? 0,
            avg: facet.stats?.avg ?? 0,
            count: facet.stats?.count ?? 0,
          },
        }
      : {}),
    ...(ranged ? { chosen: { min: facet.chosenMin ?? null, max: facet.chosenMax ?? null } } : {}),
  };
}

/** A specification's name: as the data writes it (its key when search sent none), in the language when known. */
function specName(facet: Facet, language: string | undefined): string {
  const name = facet.label.trim() || facet.name.slice(SPEC_FACET_PREFIX.length);
  return language ? attributeName(name, language) : name;
}

/**
 * Suggester results by name. A category's is named in `categoryNames` where known (ADR 126); where
 * that differs from the name search matched (search names categories in the request's language,
 * ADR 127, English where it holds no other), its highlight is the plain name.
 */
export function suggestJson(
  groups: readonly SuggestGroup[],
  categoryNames: CategoryNames = NO_CATEGORY_NAMES,
): Record<string, unknown[]> {
  const result: Record<string, unknown[]> = {};
  for (const group of groups) {
    result[group.name] = group.suggestions.map((s) => {
      const text =
        s.kind === SuggestionKind.SUGGESTION_KIND_CATEGORY ? categoryLabel(categoryNames, s.id, s.text) : s.text;
      return {
        kind: suggestionKindKey(s.kind),
        text,
        highlighted: text === s.text ? s.highlighted : escapeHtml(text),
        id: s.id || null,
        image: s.imageUrl || null,
        count: s.count,
      };
    });
  }
  return result;
}

const HTML: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as search writes a highlight without a match: HTML-escaped. */
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML[char] ?? char);

/** Price metrics of a product result, in the locale's currency (spec: aggregations.metrics). */
export function productMetricsJson(metrics: AggregationMetrics | undefined): Record<string, unknown> {
  return {
    minPrice: moneyJson(metrics?.minPrice),
    maxPrice: moneyJson(metrics?.maxPrice),
    avgPrice: moneyJson(metrics?.avgPrice),
    // 0 means no hit is rated: say "none" rather than a zero-star average.
    avgRating: metrics?.avgRating || null,
    offersCount: metrics?.offersCount ?? 0,
    shopsCount: metrics?.shopsCount ?? 0,
    brandsCount: metrics?.brandsCount ?? 0,
  };
}
