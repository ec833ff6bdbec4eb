import type { SearchLanguage } from '@pc/kit/ports/search-index';
import type { Page } from '@pc/kit/paging/page';
import { ProductSort } from '@pc/proto/common/v1/sort';
import type { SearchProductsRequest } from '@pc/proto/search/v1/search';
import { DEFAULT_COUNTRY, countryToken, currencyOf, servedCountry, type Country } from '../domain/countries.js';
import { normalizeGtin } from '../domain/gtin.js';
import {
  AVAILABILITY_VALUES,
  PRODUCT_FACETS,
  RANGE_REFINEMENTS,
  MAX_SPEC_REFINEMENTS,
  type RangeRefinementName,
  RATING_STEPS,
  SPEC_FACET_PREFIX,
  TERMS_REFINEMENTS,
  isKnown,
  type ProductFacet,
  type TermsRefinement,
} from '../domain/product-facets.js';
import { defaultProductSort, PRODUCT_SORTS } from '../domain/product-sorts.js';
import { MAX_SPEC_VALUE, SPEC_KEY, specValue } from '../domain/product-specs.js';
import { isRangeForm, parseSpecRange, type SpecRange } from '../domain/spec-ranges.js';
import * as fields from './common-fields.js';
import { SUGGESTERS, type Suggester } from '../queries/suggesters.js';
import { Violations } from './violations.js';

/** A numeric range, both bounds inclusive and optional. */
export interface Range {
  readonly min?: number;
  readonly max?: number;
}

/** A SearchProductsRequest, checked and normalised. */
export interface ProductQuery {
  readonly text: string;
  readonly language: SearchLanguage;
  readonly country: Country;
  readonly currency: string;
  readonly page: Page;
  /** The requested sort, UNSPECIFIED resolved (relevance without a query falls back to the default). */
  readonly sort: ProductSort;
  readonly facets: readonly ProductFacet[];
  readonly suggesters: readonly Suggester[];
  /** Facet → selected values (facet values, e.g. brand slugs, country tokens). */
  readonly refinements: ReadonlyMap<TermsRefinement, readonly string[]>;
  /** Specification key → selected values (as written); each key is a facet of its own. */
  readonly specRefinements: ReadonlyMap<string, readonly string[]>;
  /** Specification key → the range refining it (numbers in its unit); no key is in both maps. */
  readonly specRanges: ReadonlyMap<string, SpecRange>;
  readonly priceRange?: Range;
  readonly ratingRange?: Range;
  /** Percent the lowest price is below its trend reference (a drop refinement keeps products with a drop only). */
  readonly dropRange?: Range;
  readonly filter: {
    readonly brandSlug: string;
    readonly categoryId: string;
    readonly shopId: string;
    readonly similarTo: string;
    readonly productIds: readonly string[];
    readonly excludeIds: readonly string[];
    readonly inStockOnly: boolean;
    readonly greenOnly: boolean;
    readonly withOffersOnly: boolean;
    /** GTIN-14. */
    readonly gtin: string;
  };
}

const MAX_IDS = 100;
const KNOWN_SORTS = new Set<number>([ProductSort.PRODUCT_SORT_UNSPECIFIED, ...PRODUCT_SORTS.map(({ sort }) => sort)]);

export function parseProductQuery(request: SearchProductsRequest): ProductQuery {
  const v = new Violations();
  const text = fields.queryText(v, 'query', request.query);
  const language = fields.language(v, request.language);
  const country = fields.country(v, 'country', request.country) ?? DEFAULT_COUNTRY;
  const currency = request.displayCurrency.toUpperCase();
  if (currency && currency !== currencyOf(country)) {
    // Prices are held in the currency of their country; conversion is offers' job (GetFxRates).
    v.add('display_currency', `must be empty or ${currencyOf(country)}, the currency of ${country}`, 'in', {
      values: currencyOf(country),
    });
  }
  const page = fields.page(v, request.page, 20);
  if (!KNOWN_SORTS.has(request.sort)) v.add('sort', 'is not a known product sort', 'in');
  const sort =
    request.sort === ProductSort.PRODUCT_SORT_UNSPECIFIED ||
    (request.sort === ProductSort.PRODUCT_SORT_RELEVANCE && !text)
      ? defaultProductSort(text !== '')
      : request.sort;
  const query: ProductQuery = {
    text,
    language,
    country,
    currency: currencyOf(country),
    page,
    sort,
    facets: facetNames(v, request.facets),
    suggesters: suggesterNames(v, request.suggest),
    refinements: refinements(v, request),
    ...specRefinements(v, request),
    priceRange: range(v, request, 'price'),
    ratingRange: range(v, request, 'rating'),
    dropRange: range(v, request, 'drop'),
    filter: filterOf(v, request),
  };
  v.throwIfAny();
  return query;
}

function facetNames(v: Violations, names: readonly string[]): ProductFacet[] {
  if (names.includes('*')) return [...PRODUCT_FACETS];
  const result: ProductFacet[] = [];
  names.forEach((name, i) => {
    if (!isKnown(PRODUCT_FACETS, name))
      v.add(`facets[${i}]`, `unknown facet; one of ${PRODUCT_FACETS.join(', ')} or *`, 'in');
    else if (!result.includes(name)) result.push(name);
  });
  return result;
}

function suggesterNames(v: Violations, names: readonly string[]): Suggester[] {
  const result: Suggester[] = [];
  names.forEach((name, i) => {
    if (!isKnown(SUGGESTERS, name)) v.add(`suggest[${i}]`, `unknown suggester; one of ${SUGGESTERS.join(', ')}`, 'in');
    else if (!result.includes(name)) result.push(name);
  });
  return result;
}

function refinements(v: Violations, request: SearchProductsRequest): Map<TermsRefinement, string[]> {
  const result = new Map<TermsRefinement, string[]>();
  request.refinements.forEach((refinement, i) => {
    const at = `refinements[${i}]`;
    const values = refinement.values.map((value) => value.trim()).filter(Boolean);
    if (refinement.facet.startsWith(SPEC_FACET_PREFIX)) return; // specRefinements
    if (!isKnown(TERMS_REFINEMENTS, refinement.facet)) {
      const hint = isKnown(RANGE_REFINEMENTS, refinement.facet)
        ? `; refine ${refinement.facet} with range_refinements`
        : '';
      const known = [...TERMS_REFINEMENTS, `${SPEC_FACET_PREFIX}<key>`].join(', ');
      v.add(`${at}.facet`, `unknown refinement; one of ${known}${hint}`, 'in');
      return;
    }
    // Spec §5: refinements with empty values are not sent; ignore them if they are.
    if (values.length === 0) return;
    const facet = refinement.facet;
    const parsed = values
      .map((value, j) => refinementValue(v, `${at}.values[${j}]`, facet, value))
      .filter((value): value is string => value !== null);
    result.set(facet, [...new Set([...(result.get(facet) ?? []), ...parsed])]);
  });
  return result;
}

/**
 * `spec:<key>` refinements: the key as the spec facet names it, values as it lists them, or one
 * range "<min>..<max>" alone (spec-ranges.ts).
 */
function specRefinements(
  v: Violations,
  request: SearchProductsRequest,
): Pick<ProductQuery, 'specRefinements' | 'specRanges'> {
  const values = new Map<string, string[]>();
  const ranges = new Map<string, SpecRange>();
  request.refinements.forEach((refinement, i) => {
    if (!refinement.facet.startsWith(SPEC_FACET_PREFIX)) return;
    const at = `refinements[${i}]`;
    const key = refinement.facet.slice(SPEC_FACET_PREFIX.length);
    if (!SPEC_KEY.test(key)) {
      v.add(`${at}.facet`, 'a specification is "spec:" and its key (lowercase letters, digits, dashes)', 'regex');
      return;
    }
    refinement.values.forEach((raw, j) => {
      const value = specValue(raw);
      const field = `${at}.values[${j}]`;
      if (!value) return;
      if (value.length > MAX_SPEC_VALUE) {
        v.add(field, `must be at most ${MAX_SPEC_VALUE} characters`, 'max', { max: String(MAX_SPEC_VALUE) });
        return;
      }
      const range = isRangeForm(value);
      if (ranges.has(key) || (range && values.has(key))) {
        v.add(field, `a range refines ${refinement.facet} alone: no other value or range with it`, 'distinct');
        return;
      }
      if (!range) {
        values.set(key, [...new Set([...(values.get(key) ?? []), value])]);
        return;
      }
      const parsed = parseSpecRange(value);
      if ('problem' in parsed) v.add(field, parsed.problem.reason, parsed.problem.rule);
      else ranges.set(key, parsed.range);
    });
  });
  if (values.size + ranges.size > MAX_SPEC_REFINEMENTS)
    v.add('refinements', `may refine at most ${MAX_SPEC_REFINEMENTS} specifications`, 'max', {
      max: String(MAX_SPEC_REFINEMENTS),
    });
  return { specRefinements: values, specRanges: ranges };
}

function refinementValue(v: Violations, at: string, facet: TermsRefinement, value: string): string | null {
  switch (facet) {
    case 'availability':
      if (isKnown(AVAILABILITY_VALUES, value)) return value;
      v.add(at, `must be one of ${AVAILABILITY_VALUES.join(', ')}`, 'in');
      return null;
    case 'rating':
      if ((RATING_STEPS as readonly number[]).includes(Number(value))) return String(Number(value));
      v.add(at, `must be one of ${RATING_STEPS.join(', ')} (at least n stars)`, 'in');
      return null;
    case 'country': {
      const served = servedCountry(value);
      if (served) return countryToken(served);
      v.add(at, 'must be a served ISO 3166-1 alpha-2 country', 'in');
      return null;
    }
    default:
      return value;
  }
}

/** The largest bound of each range refinement: stars go to 5, a drop to 100 %. */
const RANGE_LIMITS: Record<RangeRefinementName, number> = {
  price: Number.MAX_SAFE_INTEGER,
  rating: 5,
  drop: 100,
};

function range(v: Violations, request: SearchProductsRequest, facet: RangeRefinementName): Range | undefined {
  let result: Range | undefined;
  request.rangeRefinements.forEach((refinement, i) => {
    const at = `range_refinements[${i}]`;
    if (!isKnown(RANGE_REFINEMENTS, refinement.facet)) {
      if (facet === 'price')
        v.add(`${at}.facet`, `unknown range refinement; one of ${RANGE_REFINEMENTS.join(', ')}`, 'in');
      return;
    }
    if (refinement.facet !== facet) return;
    const { min, max } = refinement;
    const limit = RANGE_LIMITS[facet];
    const bad = (bound: number | undefined) =>
      bound !== undefined && (!Number.isFinite(bound) || bound < 0 || bound > limit);
    if (bad(min)) v.add(`${at}.min`, `must be a number from 0 to ${limit}`, 'between');
    if (bad(max)) v.add(`${at}.max`, `must be a number from 0 to ${limit}`, 'between');
    if (min !== undefined && max !== undefined && min > max) v.add(at, 'min must not exceed max', 'lte');
    if (result !== undefined) v.add(`${at}.facet`, `${facet} is refined twice`, 'distinct');
    result = { min, max };
  });
  return result;
}

function filterOf(v: Violations, request: SearchProductsRequest): ProductQuery['filter'] {
  const filter = request.filter;
  const ids = (name: string, list: readonly string[]): string[] => {
    if (list.length > MAX_IDS)
      v.add(`filter.${name}`, `must hold at most ${MAX_IDS} ids`, 'max', { max: String(MAX_IDS) });
    return [...new Set(list.filter(Boolean))];
  };
  let gtin = '';
  if (filter?.gtin) {
    gtin = normalizeGtin(filter.gtin) ?? '';
    if (!gtin) v.add('filter.gtin', 'must be a GTIN-8, -12, -13 or -14 with a valid check digit', 'gtin');
  }
  return {
    brandSlug: filter?.brandSlug ?? '',
    categoryId: filter?.categoryId ?? '',
    shopId: filter?.shopId ?? '',
    similarTo: filter?.similarToProductId ?? '',
    productIds: ids('product_ids', filter?.productIds ?? []),
    excludeIds: ids('exclude_product_ids', filter?.excludeProductIds ?? []),
    inStockOnly: filter?.inStockOnly ?? false,
    greenOnly: filter?.greenOnly ?? false,
    withOffersOnly: filter?.withOffersOnly ?? false,
    gtin,
  };
}
