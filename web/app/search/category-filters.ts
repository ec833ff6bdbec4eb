import type { FacetView } from './search-state';
import { criteriaFromUrl } from './search-url';
import { escapeRefinementValue, isSpecFacet, joinRefinementValues, SPEC_FACET_PREFIX } from './refinement-values';

/**
 * The filters of a category page (like the search page's refinements, in the same URL
 * parameters): in stock only (`refinements[availability]=in_stock`), brands
 * (`refinements[brand]=slug`) and the specifications common in the category
 * (`refinements[spec:weight]=1.2 kg`; values OR-ed within a specification, everything else
 * AND-ed). What the page does not filter by, or cannot send to search, is left out of the URL's
 * filters rather than failing the page.
 */

/** What the category page asks search to count: brands, stock and the category's common specifications. */
export const CATEGORY_FACETS = 'availability,brand,spec';
/** A facet's first values; the rest behind a "more" disclosure. */
export const SHOWN_VALUES = 8;
/** At most this many values of one facet are read from a URL (search lists at most 50 of a facet). */
const MAX_VALUES = 50;
const IN_STOCK = 'in_stock';
const BRAND_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Facet → the chosen values, in the order the URL names them. */
export type ChosenFilters = Readonly<Record<string, readonly string[]>>;

/** Whether a value of a facet is one the category page filters by. */
function filtersBy(facet: string, value: string): boolean {
  if (facet === 'availability') return value === IN_STOCK;
  if (facet === 'brand') return BRAND_SLUG.test(value);
  return isSpecFacet(facet); // criteriaFromUrl has dropped malformed specifications and overlong values
}

/** The filters of a category page URL, read as the search page reads its refinements. */
export function chosenFilters(url: URL): ChosenFilters {
  const chosen: Record<string, readonly string[]> = {};
  for (const [facet, values] of Object.entries(criteriaFromUrl(url).refinements)) {
    const kept = values.filter((value) => filtersBy(facet, value)).slice(0, MAX_VALUES);
    if (kept.length > 0) chosen[facet] = kept;
  }
  return chosen;
}

export const hasFilters = (chosen: ChosenFilters): boolean => Object.keys(chosen).length > 0;

/** The filters as the JSON API's query takes them: `refinements[facet]=v1,v2`. */
export function refinementQuery(chosen: ChosenFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(chosen).map(([facet, values]) => [`refinements[${facet}]`, joinRefinementValues(values)]),
  );
}

/** The filters as form fields: one per value, as the panel's checkboxes send them. */
export function filterFields(chosen: ChosenFilters): [string, string][] {
  return Object.entries(chosen).flatMap(([facet, values]) =>
    values.map((value): [string, string] => [`refinements[${facet}]`, escapeRefinementValue(value)]),
  );
}

/** The category page with these filters and sort, on its first page. */
export function filtersHref(path: string, chosen: ChosenFilters, sort: string | null): string {
  const params = new URLSearchParams(filterFields(chosen));
  if (sort) params.set('sort', sort);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The filters without one value (a facet left without values goes). */
export function withoutFilter(chosen: ChosenFilters, facet: string, value: string): ChosenFilters {
  const result: Record<string, readonly string[]> = {};
  for (const [name, values] of Object.entries(chosen)) {
    const kept = name === facet ? values.filter((v) => v !== value) : values;
    if (kept.length > 0) result[name] = kept;
  }
  return result;
}

export interface FilterValueView {
  /** What the checkbox sends (a comma inside the value escaped). */
  readonly field: string;
  readonly label: string;
  readonly count: number;
  readonly selected: boolean;
}

export interface FilterGroupView {
  /** The facet: `brand` or `spec:<key>`. */
  readonly facet: string;
  /** A specification's name in the page's language; null for brands (the page names them). */
  readonly name: string | null;
  /** The first values, shown; the others behind "more", open when one of them is chosen. */
  readonly values: readonly FilterValueView[];
  readonly more: readonly FilterValueView[];
  readonly open: boolean;
}

export interface FilterChipView {
  readonly facet: string;
  /** The specification's name; null for a brand and for "in stock only". */
  readonly name: string | null;
  /** The chosen value as shown ("1.2 kg", a brand's name). */
  readonly value: string;
  /** The page without this filter. */
  readonly href: string;
}

/** What the category page shows of its filters (computed by the loader; the view only renders it). */
export interface CategoryFiltersView {
  /** The page's path, where the filter form goes. */
  readonly path: string;
  /** Products of the result in stock, and whether only those are shown; null when search counted none. */
  readonly inStock: { readonly count: number; readonly selected: boolean } | null;
  readonly brands: FilterGroupView | null;
  /** The specifications common in the category, most stated first. */
  readonly specs: readonly FilterGroupView[];
  readonly chips: readonly FilterChipView[];
  /** The page without any filter (sort kept); null when none is chosen. */
  readonly clearHref: string | null;
  /** The sort of the URL, kept when filters change. */
  readonly sort: string | null;
  /** The chosen filters as form fields, for the list's sort form to keep them. */
  readonly fields: readonly (readonly [string, string])[];
}

type TermsFacet = Extract<FacetView, { type: 'terms' }>;

/**
 * A facet's values as checkboxes: as search lists them (by count, specifications in their natural
 * order), then any chosen value search did not list (so that it can be unticked), counted 0.
 */
function groupValues(facet: TermsFacet | undefined, chosen: readonly string[]): FilterValueView[] {
  const listed = (facet?.values ?? []).map((v) => ({
    field: escapeRefinementValue(v.value),
    label: v.label || v.value,
    count: v.count,
    selected: chosen.includes(v.value),
  }));
  const known = new Set((facet?.values ?? []).map((v) => v.value));
  const unlisted = chosen
    .filter((value) => !known.has(value))
    .map((value) => ({ field: escapeRefinementValue(value), label: value, count: 0, selected: true }));
  return [...listed, ...unlisted];
}

const termsFacet = (facet: FacetView | undefined): TermsFacet | undefined =>
  facet?.type === 'terms' ? facet : undefined;

function group(facet: string, name: string | null, values: readonly FilterValueView[]): FilterGroupView {
  const more = values.slice(SHOWN_VALUES);
  return { facet, name, values: values.slice(0, SHOWN_VALUES), more, open: more.some((v) => v.selected) };
}

/**
 * The filter panel and chips of a category page from the facets search answered (`meta.facets`
 * of GET /api/products with `facets=availability,brand,spec`) and the URL's filters. `path` is the
 * page's path; `nameOf` names a specification search did not answer (its key, in the page's
 * language where known).
 */
export function categoryFilters(
  facets: Readonly<Record<string, FacetView>>,
  chosen: ChosenFilters,
  path: string,
  sort: string | null,
  nameOf: (key: string) => string = (key) => key,
): CategoryFiltersView {
  const stock = termsFacet(facets.availability)?.values.find((v) => v.value === IN_STOCK);
  const inStockChosen = chosen.availability?.includes(IN_STOCK) ?? false;
  const brandFacet = termsFacet(facets.brand);
  const brandValues = groupValues(brandFacet, chosen.brand ?? []);

  const specNames = [
    ...Object.keys(facets).filter(isSpecFacet),
    ...Object.keys(chosen).filter((facet) => isSpecFacet(facet) && !(facet in facets)),
  ];
  const specs = specNames.flatMap((facet): FilterGroupView[] => {
    const answered = termsFacet(facets[facet]);
    const values = groupValues(answered, chosen[facet] ?? []);
    if (values.length === 0) return [];
    return [group(facet, answered?.label || nameOf(facet.slice(SPEC_FACET_PREFIX.length)), values)];
  });
  const nameOfFacet = new Map(specs.map((group) => [group.facet, group.name]));

  const chips = Object.entries(chosen).flatMap(([facet, values]) =>
    values.map((value): FilterChipView => {
      const href = filtersHref(path, withoutFilter(chosen, facet, value), sort);
      if (facet === 'brand') {
        const label = brandFacet?.values.find((v) => v.value === value)?.label || value;
        return { facet, name: null, value: label, href };
      }
      if (facet === 'availability') return { facet, name: null, value: '', href };
      return { facet, name: nameOfFacet.get(facet) ?? facet, value, href };
    }),
  );

  return {
    path,
    inStock: stock || inStockChosen ? { count: stock?.count ?? 0, selected: inStockChosen } : null,
    brands: brandValues.length > 0 ? group('brand', null, brandValues) : null,
    specs,
    chips,
    clearHref: hasFilters(chosen) ? filtersHref(path, {}, sort) : null,
    sort,
    fields: filterFields(chosen),
  };
}
