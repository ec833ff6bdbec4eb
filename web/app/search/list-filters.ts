import {
  chosenPriceRange,
  parsePriceRange,
  PRICE_FACET,
  PRICE_FIELDS,
  priceRangeValue,
  type PriceRange,
} from './price-range';
import { chosenDrop, DROP_FACET, DROP_FILTER_MIN_PERCENT, dropValue, parseDropValue } from './price-drop';
import type { FacetView } from './search-state';
import { criteriaFromUrl } from './search-url';
import { escapeRefinementValue, isSpecFacet, joinRefinementValues, SPEC_FACET_PREFIX } from './refinement-values';
import {
  decimalsOf,
  foldRangeFields,
  isRangeForm,
  parseRange,
  rangeField,
  rangeValue,
  type SpecRange,
} from './spec-ranges';

/**
 * The filters of a product list page — a category, a brand, a shop — in the search page's URL
 * parameters: in stock only (`refinements[availability]=in_stock`), a category
 * (`refinements[category]=id`), a brand (`refinements[brand]=slug`) and the specifications common
 * in the list (`refinements[spec:weight]=1.2 kg`); values OR-ed within a facet, facets AND-ed. A
 * numeric specification takes a range instead of values (`refinements[spec:power]=800..1200`,
 * from the form `range[spec:power][min]` and `[max]`: spec-ranges.ts), and every list by the price
 * its cards show (`refinements[price]=10000..30000` in minor units, as the search page writes it;
 * from the form `range[price][min]` and `[max]` in major units: price-range.ts), and to the products
whose price dropped (`refinements[drop]=10..`, a checkbox: price-drop.ts). A page filters by neither
 * what it is (a brand page by brand) nor what it cannot send to search: such parameters are left
 * out of the URL's filters rather than failing the page.
 */

/** The facets a list page filters by besides stock and specifications, in the panel's order. */
export type ListFacet = 'category' | 'brand';

/** What each kind of list page filters by: never by what the page itself is. */
export const LIST_FACETS = {
  category: ['brand'],
  brand: ['category'],
  shop: ['category', 'brand'],
} as const satisfies Record<string, readonly ListFacet[]>;

/** The kind of a list page: the entity whose products it lists. */
export type ListKind = keyof typeof LIST_FACETS;

/**
 * What a list page asks search to count: stock, its facets, the price's lowest and highest (the
 * range's placeholders) and the list's common specifications.
 */
export const searchFacets = (kind: ListKind): string =>
  ['availability', ...LIST_FACETS[kind], PRICE_FACET, 'spec'].join(',');

/** A facet's first values; the rest behind a "more" disclosure. */
export const SHOWN_VALUES = 8;
/** At most this many values of one facet are read from a URL (search lists at most 50 of a facet). */
const MAX_VALUES = 50;
const IN_STOCK = 'in_stock';
const BRAND_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** An id as GET /api/products takes one. */
const ENTITY_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Facet → the chosen values, in the order the URL names them. */
export type ChosenFilters = Readonly<Record<string, readonly string[]>>;

/** A query parameter as a form field or in a link: name and value. */
export type Field = readonly [string, string];

const filtersByFacet = (kind: ListKind, facet: string): facet is ListFacet =>
  (LIST_FACETS[kind] as readonly string[]).includes(facet);

/** Whether a value of a facet is one this kind of page filters by. */
function filtersBy(kind: ListKind, facet: string, value: string): boolean {
  if (facet === 'availability') return value === IN_STOCK;
  if (isSpecFacet(facet)) return true; // criteriaFromUrl has dropped malformed specifications and overlong values
  if (!filtersByFacet(kind, facet)) return false;
  return facet === 'brand' ? BRAND_SLUG.test(value) : ENTITY_ID.test(value);
}

/**
 * A specification's chosen values, or its range alone: search refuses a range beside values of
 * the same specification, and the range is what the visitor typed last (the panel hides a
 * specification's values while it has a range). The last range wins, a bound that is no number is
 * left open, and a value written as a range with no bound left goes.
 */
function specValues(values: readonly string[]): string[] {
  const ranges = values.filter(isRangeForm).flatMap((value) => parseRange(value) ?? []);
  const range = ranges.at(-1);
  return range ? [rangeValue(range)] : values.filter((value) => !isRangeForm(value));
}

/**
 * The filters of a list page's URL, read as the search page reads its refinements, with the
 * filter form's from–to fields of a specification or the price read as its range, typed in the
 * page's number format (`tag`, "de-DE": "1,5"). A price range is kept as its refinement value
 * (`price: ['10000..30000']`), so links, the sort form and the JSON API's query carry it as any filter.
 */
export function chosenFilters(url: URL, kind: ListKind, tag: string): ChosenFilters {
  const folded = new URL(url);
  folded.search = foldRangeFields(url.searchParams, tag).toString();
  const chosen: Record<string, readonly string[]> = {};
  for (const [facet, values] of Object.entries(criteriaFromUrl(folded).refinements)) {
    const read = isSpecFacet(facet) ? specValues(values) : values;
    const kept = read.filter((value) => filtersBy(kind, facet, value)).slice(0, MAX_VALUES);
    if (kept.length > 0) chosen[facet] = kept;
  }
  const price = chosenPriceRange(folded.searchParams);
  if (price) chosen[PRICE_FACET] = [priceRangeValue(price)];
  const drop = chosenDrop(folded.searchParams);
  if (drop !== null) chosen[DROP_FACET] = [dropValue(drop)];
  return chosen;
}

/** A specification's chosen range; null when values (or nothing) are chosen. */
export const chosenRange = (values: readonly string[] | undefined): SpecRange | null =>
  values?.length === 1 && values[0] !== undefined ? parseRange(values[0]) : null;

export const hasFilters = (chosen: ChosenFilters): boolean => Object.keys(chosen).length > 0;

/** The filters as the JSON API's query takes them: `refinements[facet]=v1,v2`. */
export function refinementQuery(chosen: ChosenFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(chosen).map(([facet, values]) => [`refinements[${facet}]`, joinRefinementValues(values)]),
  );
}

/** The filters as form fields: one per value, as the panel's checkboxes send them. */
export function filterFields(chosen: ChosenFilters): Field[] {
  return Object.entries(chosen).flatMap(([facet, values]) =>
    values.map((value): Field => [`refinements[${facet}]`, escapeRefinementValue(value)]),
  );
}

/** The list page with these filters and the parameters it keeps (its sort), on the list's first page. */
export function filtersHref(path: string, chosen: ChosenFilters, kept: readonly Field[] = []): string {
  const params = new URLSearchParams();
  for (const [name, value] of [...filterFields(chosen), ...kept]) params.append(name, value);
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

/** A numeric specification's "from [ ] to [ ] W" (ADR 123). */
export interface FilterRangeView {
  /** The form's fields of its bounds: `range[spec:power][min]`, `range[spec:power][max]`. */
  readonly fields: { readonly min: string; readonly max: string };
  /** The unit its numbers are in ('' for plain numbers). */
  readonly unit: string;
  /** The lowest and highest number in the list, the inputs' placeholders; null when search gave no scale. */
  readonly lowest: number | null;
  readonly highest: number | null;
  /**
   * The finest decimal the numbers are written with ("1", "0.1"): whole numbers get the inputs a
   * keyboard of digits alone.
   */
  readonly step: string;
  /** The chosen bounds, the inputs' values; null where open or when no range is chosen. */
  readonly chosen: SpecRange;
}

export interface FilterGroupView {
  /** The facet: `category`, `brand` or `spec:<key>`. */
  readonly facet: string;
  /** A specification's name in the page's language; null for a category or brand (the page names the facet). */
  readonly name: string | null;
  /** The first values, shown; the others behind "more", open when one of them is chosen. None while a range is chosen. */
  readonly values: readonly FilterValueView[];
  readonly more: readonly FilterValueView[];
  readonly open: boolean;
  /** A numeric specification's range inputs, or a chosen range of one search did not find numeric. */
  readonly range?: FilterRangeView;
}

export interface FilterChipView {
  readonly facet: string;
  /** The specification's name; null for a category, a brand and "in stock only". */
  readonly name: string | null;
  /** The chosen value as shown ("1.2 kg", a brand's or category's name); a range as its refinement `800..1200`. */
  readonly value: string;
  /** The page without this filter. */
  readonly href: string;
  /** A specification's chosen range and its unit, which the chip writes in the page's locale ("800 – 1,200 W"). */
  readonly range?: SpecRange & { readonly unit: string };
  /** The chosen price range in minor units, which the chip writes in the page's currency ("CHF 100 – 300"). */
  readonly price?: PriceRange;
}

/** "Only price drops (10 % or more)": a checkbox sending `refinements[drop]=<value>`. */
export interface PriceDropView {
  /** What the checkbox sends: the chosen value, or the deals' threshold `10..`. */
  readonly value: string;
  /** The least drop it asks for, in whole percent, which its label names. */
  readonly percent: number;
  readonly selected: boolean;
}

/** "Price from [ ] to [ ] CHF": bounds in minor units, shown in major units in the page's currency. */
export interface PriceRangeView {
  /** The form's fields of its bounds: `range[price][min]`, `range[price][max]`. */
  readonly fields: { readonly min: string; readonly max: string };
  /**
   * The list's lowest and highest price (minor units, widened to whole units), the inputs'
   * placeholders; null when search counted none.
   */
  readonly lowest: number | null;
  readonly highest: number | null;
  /** The chosen bounds, the inputs' values; null where open or when no range is chosen. */
  readonly chosen: PriceRange;
}

/** What a list page shows of its filters (computed by the loader; the view only renders it). */
export interface ListFiltersView {
  /** The page's path, where the filter form goes. */
  readonly path: string;
  /** Products of the result in stock, and whether only those are shown; null when search counted none. */
  readonly inStock: { readonly count: number; readonly selected: boolean } | null;
  /** The price range's inputs; null when search found no price in the list and none is chosen. */
  readonly price: PriceRangeView | null;
  /** The price-drop checkbox, shown with the panel (search counts no drops: no count). */
  readonly drop: PriceDropView;
  /** The page's facets with values (categories, brands), in the panel's order. */
  readonly groups: readonly FilterGroupView[];
  /** The specifications common in the list, most stated first. */
  readonly specs: readonly FilterGroupView[];
  readonly chips: readonly FilterChipView[];
  /** The page without any filter (what it keeps kept); null when none is chosen. */
  readonly clearHref: string | null;
  /** The URL's other parameters a change of filters keeps (the sort; a shop's reviews' page and order). */
  readonly kept: readonly Field[];
  /** The chosen filters as form fields, for the list's sort form to keep them. */
  readonly fields: readonly Field[];
}

/** Where the panel is: the page's path and the parameters a change of filters keeps. */
export interface ListPlace {
  readonly path: string;
  readonly kept?: readonly Field[];
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

/** The step of a range's inputs: the finest decimal of its numbers, so that each of them is a valid input. */
function stepOf(numbers: readonly number[]): string {
  const decimals = Math.max(0, ...numbers.map(decimalsOf));
  return decimals === 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`;
}

/**
 * A specification's range inputs: when search found it numeric, or a range is chosen (one search
 * found no scale for can still be changed or taken back). Null otherwise.
 */
function rangeOf(facet: string, answered: TermsFacet | undefined, chosen: SpecRange | null): FilterRangeView | null {
  const scale = answered?.numeric;
  if (!scale && !chosen) return null;
  const bounds = chosen ?? { min: null, max: null };
  const numbers = [
    ...(answered?.values ?? []).flatMap((v) => (v.number === undefined ? [] : [v.number])),
    ...(scale ? [scale.min, scale.max] : []),
    ...[bounds.min, bounds.max].flatMap((n) => (n === null ? [] : [n])),
  ];
  return {
    fields: { min: rangeField(facet, 'min'), max: rangeField(facet, 'max') },
    unit: scale?.unit ?? '',
    lowest: scale?.min ?? null,
    highest: scale?.max ?? null,
    step: stepOf(numbers),
    chosen: bounds,
  };
}

/** A specification's group: its range inputs where numeric, and its values unless a range is chosen. */
function specGroup(
  facet: string,
  name: string,
  answered: TermsFacet | undefined,
  chosen: readonly string[],
): FilterGroupView | null {
  const range = chosenRange(chosen);
  const inputs = rangeOf(facet, answered, range);
  const values = range ? [] : groupValues(answered, chosen);
  if (values.length === 0 && !inputs) return null;
  return { ...group(facet, name, values), ...(inputs ? { range: inputs } : {}) };
}

/**
 * The price inputs: placeholders the list's lowest and highest price over the result without the
 * price's own range (search counts a refined facet without its refinement), widened to whole units
 * so that both are in the range they suggest.
 */
function priceOf(facet: FacetView | undefined, chosen: readonly string[] | undefined): PriceRangeView | null {
  const stats = facet?.type === 'range' && facet.stats.count > 0 ? facet.stats : null;
  const range = chosen?.[0] === undefined ? null : parsePriceRange(chosen[0]);
  if (!stats && !range) return null;
  return {
    fields: PRICE_FIELDS,
    lowest: stats ? Math.floor(stats.min / 100) * 100 : null,
    highest: stats ? Math.ceil(stats.max / 100) * 100 : null,
    chosen: range ?? { min: null, max: null },
  };
}

/** The price-drop checkbox: ticked with the chosen value, else offering the deals' threshold. */
function dropOf(chosen: readonly string[] | undefined): PriceDropView {
  const percent = chosen?.[0] === undefined ? null : parseDropValue(chosen[0]);
  return percent === null
    ? { value: dropValue(), percent: DROP_FILTER_MIN_PERCENT, selected: false }
    : { value: dropValue(percent), percent, selected: true };
}

/**
 * The filter panel and chips of a list page from the facets search answered (`meta.facets` of
 * GET /api/products with `facets=` `searchFacets(kind)`) and the URL's filters. `nameOf` names a
 * specification search did not answer (its key, in the page's language where known).
 */
export function listFilters(
  kind: ListKind,
  facets: Readonly<Record<string, FacetView>>,
  chosen: ChosenFilters,
  place: ListPlace,
  nameOf: (key: string) => string = (key) => key,
): ListFiltersView {
  const { path, kept = [] } = place;
  const stock = termsFacet(facets.availability)?.values.find((v) => v.value === IN_STOCK);
  const inStockChosen = chosen.availability?.includes(IN_STOCK) ?? false;

  const groups = LIST_FACETS[kind].flatMap((facet): FilterGroupView[] => {
    const values = groupValues(termsFacet(facets[facet]), chosen[facet] ?? []);
    return values.length > 0 ? [group(facet, null, values)] : [];
  });

  const specNames = [
    ...Object.keys(facets).filter(isSpecFacet),
    ...Object.keys(chosen).filter((facet) => isSpecFacet(facet) && !(facet in facets)),
  ];
  const specs = specNames.flatMap((facet): FilterGroupView[] => {
    const answered = termsFacet(facets[facet]);
    const name = answered?.label || nameOf(facet.slice(SPEC_FACET_PREFIX.length));
    const spec = specGroup(facet, name, answered, chosen[facet] ?? []);
    return spec ? [spec] : [];
  });
  const nameOfSpec = new Map(specs.map((spec) => [spec.facet, spec.name]));
  const unitOf = (facet: string): string => termsFacet(facets[facet])?.numeric?.unit ?? '';

  const chips = Object.entries(chosen).flatMap(([facet, values]) =>
    values.map((value): FilterChipView => {
      const href = filtersHref(path, withoutFilter(chosen, facet, value), kept);
      if (facet === 'availability') return { facet, name: null, value: '', href };
      if (facet === PRICE_FACET) {
        const range = parsePriceRange(value);
        return { facet, name: null, value, href, ...(range ? { price: range } : {}) };
      }
      if (facet === DROP_FACET) return { facet, name: null, value, href };
      if (isSpecFacet(facet)) {
        const range = chosenRange(values);
        const name = nameOfSpec.get(facet) ?? facet;
        return { facet, name, value, href, ...(range ? { range: { ...range, unit: unitOf(facet) } } : {}) };
      }
      // A category's or brand's name as search labels it; its id or slug when search did not list it.
      const label = termsFacet(facets[facet])?.values.find((v) => v.value === value)?.label || value;
      return { facet, name: null, value: label, href };
    }),
  );

  return {
    path,
    inStock: stock || inStockChosen ? { count: stock?.count ?? 0, selected: inStockChosen } : null,
    price: priceOf(facets[PRICE_FACET], chosen[PRICE_FACET]),
    drop: dropOf(chosen[DROP_FACET]),
    groups,
    specs,
    chips,
    clearHref: hasFilters(chosen) ? filtersHref(path, {}, kept) : null,
    kept,
    fields: filterFields(chosen),
  };
}
