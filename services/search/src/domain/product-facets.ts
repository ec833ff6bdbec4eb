/**
 * The facets SearchProducts computes (request `facets`, `["*"]` for all), in response order;
 * `spec` stands for the specification facets (`spec:<key>`, product-specs.ts).
 */
export const PRODUCT_FACETS = [
  'brand',
  'category',
  'shop',
  'price',
  'availability',
  'country',
  'rating',
  'spec',
] as const;
export type ProductFacet = (typeof PRODUCT_FACETS)[number];

/** Facets a `Refinement` (values) may name; price, rating and drop are refined by a `RangeRefinement`. */
export const TERMS_REFINEMENTS = ['brand', 'category', 'shop', 'availability', 'country', 'rating'] as const;
export type TermsRefinement = (typeof TERMS_REFINEMENTS)[number];

/**
 * Range refinements: the lowest price (minor units), the rating (stars) and the price drop (percent
 * below the trend reference, offers' price-trend.ts; not a facet: it only narrows the result).
 */
export const RANGE_REFINEMENTS = ['price', 'rating', 'drop'] as const;
export type RangeRefinementName = (typeof RANGE_REFINEMENTS)[number];

export const AVAILABILITY_VALUES = ['in_stock', 'out_of_stock'] as const;
export type AvailabilityValue = (typeof AVAILABILITY_VALUES)[number];

/** Rating facet values: "at least n stars" (spec §9: scale 1 to 5). */
export const RATING_STEPS = [4, 3, 2, 1] as const;

/** The prefix of a specification's facet and refinement name: `spec:weight`. */
export const SPEC_FACET_PREFIX = 'spec:';

/** A request refines on at most this many specifications. */
export const MAX_SPEC_REFINEMENTS = 20;

/** Terms facets show at most this many values (proto: at most 50). */
export const MAX_FACET_VALUES = 50;

/**
 * Price buckets, major units of the display currency: steps that read well for any product
 * (cables to TVs). Empty buckets are left out of the response. `to` is exclusive.
 */
const PRICE_STEPS_MAJOR = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000];

export interface PriceBucket {
  /** Minor units; absent = open. */
  readonly from?: number;
  readonly to?: number;
  /** The facet value: "from-to" in minor units, an open side left empty ("-1000", "500000-"). */
  readonly key: string;
}

export const PRICE_BUCKETS: readonly PriceBucket[] = PRICE_STEPS_MAJOR.map((step) => step * 100).flatMap(
  (to, i, all) => {
    const from = i === 0 ? undefined : all[i - 1];
    const bucket: PriceBucket = { from, to, key: `${from ?? ''}-${to}` };
    return i === all.length - 1 ? [bucket, { from: to, key: `${to}-` }] : [bucket];
  },
);

export function isKnown<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}
