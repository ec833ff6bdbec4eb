import type { FacetBucket, FacetRequest, SearchFilter, SearchRequest, SearchResult } from '@pc/kit/ports/search-index';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { normalizeGtin } from '../domain/gtin.js';
import { correctedQuery } from '../domain/did-you-mean.js';
import { SPEC_FACET_PREFIX, type ProductFacet } from '../domain/product-facets.js';
import { specScale } from '../domain/spec-numbers.js';
import { valuesInRange } from '../domain/spec-ranges.js';
import type { ProductDocument } from '../domain/product-document.js';
import { ProductFields as F } from '../domain/product-fields.js';
import { productSortClauses } from '../domain/product-sorts.js';
import type { ProductQuery } from '../grpc/product-request.js';
import type { SearchIndices } from '../store/search-indices.js';
import { searchExcluding } from './excluding-search.js';
import {
  facetRequest,
  filtersExcept,
  productFilters,
  withSpecRanges,
  type ProductFilters,
  type Similarity,
} from './product-filters.js';
import { productName } from './product-hit.js';
import { oneSpecFacets, SPEC_NAMES_FACET, SPEC_VALUES_FACET, specValuesIn, type SpecBuckets } from './spec-facets.js';

/** What one SearchProducts found, before it is shaped into the response. */
export interface ProductSearchResult {
  readonly main: SearchResult<ProductDocument>;
  /** Buckets of each requested facet (but `spec`), each computed without its own refinement. */
  readonly facets: ReadonlyMap<ProductFacet, readonly FacetBucket[]>;
  /** What the specification facets are made of, when `spec` was requested. */
  readonly specs: SpecBuckets | null;
  /** Price stats of the price facet (over the result without the price refinement). */
  readonly priceStats: { min: number | null; max: number | null; avg: number | null } | null;
  /** The text the hits matched: '' when a barcode found its product directly. */
  readonly matchedText: string;
  /** "Did you mean" when the exact query found nothing and a typo-tolerant one did. */
  readonly didYouMean: string | null;
}

const OFFERED = 'offered';

/**
 * SearchProducts against the product index: a barcode finds its product directly; a query that
 * finds nothing is tried again with typo tolerance (and yields "did you mean"); facets with a
 * refinement are computed by their own search without it, so their other values stay selectable.
 */
export async function searchProducts(indices: SearchIndices, query: ProductQuery): Promise<ProductSearchResult> {
  const similar = await similarity(indices, query.filter.similarTo);
  const exclude = similar ? [...query.filter.excludeIds, query.filter.similarTo] : [...query.filter.excludeIds];
  const filters = productFilters(query, similar);
  const run = (text: string, fuzzy: boolean, extra: SearchFilter[] = []) =>
    runSearch(indices, query, filters, exclude, { text, fuzzy, extra });

  const gtin = normalizeGtin(query.text);
  if (gtin !== null) {
    const byBarcode = await run('', false, [{ field: F.gtins, anyOf: [gtin] }]);
    if (byBarcode.main.total > 0) return { ...byBarcode, matchedText: '', didYouMean: null };
  }
  const exact = await run(query.text, false);
  // Typo tolerance is for text that matched nothing, not for refinements that left nothing.
  if (exact.main.total > 0 || query.text === '' || exact.matchedBeforeRefinements)
    return { ...exact, matchedText: query.text, didYouMean: null };
  const tolerant = await run(query.text, true);
  if (tolerant.main.total === 0) return { ...exact, matchedText: query.text, didYouMean: null };
  const texts = tolerant.main.hits
    .slice(0, 5)
    .flatMap(({ document }) => [productName(document, query.language), document.brand_name]);
  return { ...tolerant, matchedText: query.text, didYouMean: correctedQuery(query.text, query.language, texts) };
}

async function similarity(indices: SearchIndices, productId: string): Promise<Similarity | null> {
  if (!productId) return null;
  const product = await indices.products.get(productId);
  if (product === null) throw new NotFoundError('product', productId);
  const categoryId = product[F.categoryId];
  const brandSlug = product[F.brandSlug];
  return {
    categoryId: typeof categoryId === 'string' ? categoryId : null,
    brandSlug: typeof brandSlug === 'string' ? brandSlug : null,
  };
}

interface Pass {
  readonly text: string;
  readonly fuzzy: boolean;
  /** Filters of this pass only (the barcode). */
  readonly extra: readonly SearchFilter[];
}

async function runSearch(
  indices: SearchIndices,
  query: ProductQuery,
  withoutRanges: ProductFilters,
  exclude: readonly string[],
  pass: Pass,
): Promise<Omit<ProductSearchResult, 'matchedText' | 'didYouMean'> & { matchedBeforeRefinements: boolean }> {
  const { country } = query;
  const common: SearchRequest = { text: pass.text, language: query.language, fuzzy: pass.fuzzy };
  const lookups = await rangeLookups(indices, query, withoutRanges, common, pass);
  const filters = withSpecRanges(withoutRanges, lookups.selected);
  const refined = query.facets.filter((facet) => filters.refinements.has(facet));
  const wantsSpecs = query.facets.includes('spec');
  const refinedSpecs = wantsSpecs ? [...query.specRefinements.keys(), ...query.specRanges.keys()] : [];

  // The main search computes the unrefined facets, and always what the aggregation metrics are
  // made of: the offered count, and how many brands and shops the result holds.
  const mainFacets = new Map<string, FacetRequest>();
  for (const facet of query.facets)
    if (facet !== 'spec' && !filters.refinements.has(facet))
      mainFacets.set(facetRequest(facet, country).field, facetRequest(facet, country));
  if (wantsSpecs) {
    mainFacets.set(SPEC_NAMES_FACET.field, SPEC_NAMES_FACET);
    mainFacets.set(SPEC_VALUES_FACET.field, SPEC_VALUES_FACET);
  }
  mainFacets.set(F.offers(country), { field: F.offers(country), type: 'range', ranges: [{ key: OFFERED, from: 1 }] });

  const main = searchExcluding(
    indices.products,
    {
      ...common,
      filters: [...filtersExcept(filters), ...pass.extra],
      facets: [...mainFacets.values()],
      sort: productSortClauses(query.sort, country),
      page: query.page.page,
      hitsPerPage: query.page.hitsPerPage,
      metrics: [F.price(country), F.rating, F.offers(country)],
      distinct: [F.brandSlug, F.shops(country)],
    },
    exclude,
  );
  const separate = refined.map((facet) =>
    indices.products.search({
      ...common,
      filters: [...filtersExcept(filters, facet), ...pass.extra],
      facets: [facetRequest(facet, country)],
      metrics: facet === 'price' ? [F.price(country)] : [],
      hitsPerPage: 0,
    }),
  );
  // A refined specification's values are counted without its own refinement, as a facet's are
  // (a range's lookup has counted them when it is the only range).
  const separateSpecs = refinedSpecs.map(
    (key) =>
      lookups.without.get(key) ??
      indices.products.search({
        ...common,
        filters: [...filtersExcept(filters, `${SPEC_FACET_PREFIX}${key}`), ...pass.extra],
        facets: oneSpecFacets(key),
        hitsPerPage: 0,
      }),
  );
  const [mainResult, ...others] = await Promise.all([main, ...separate, ...separateSpecs]);
  const refinedResults = others.slice(0, separate.length);
  const specResults = others.slice(separate.length);

  const facets = new Map<ProductFacet, readonly FacetBucket[]>();
  for (const facet of query.facets) {
    if (facet === 'spec') continue;
    const index = refined.indexOf(facet);
    const source = index >= 0 ? refinedResults[index] : mainResult;
    facets.set(facet, source?.facets[facetRequest(facet, country).field] ?? []);
  }
  const priceIndex = refined.indexOf('price');
  const priceSource = priceIndex >= 0 ? refinedResults[priceIndex] : mainResult;
  return {
    main: mainResult,
    facets,
    specs: wantsSpecs
      ? {
          total: mainResult.total,
          names: mainResult.facets[F.specNames] ?? [],
          values: mainResult.facets[F.specs] ?? [],
          without: new Map(
            refinedSpecs.map((key, i) => [
              key,
              { names: specResults[i]?.facets[F.specNames] ?? [], values: specResults[i]?.facets[F.specs] ?? [] },
            ]),
          ),
          ranged: lookups.selected,
        }
      : null,
    priceStats: query.facets.includes('price') ? (priceSource?.metrics[F.price(country)] ?? null) : null,
    // A facet's own search and a range's lookup leave refinements out: hits there mean the text did match.
    matchedBeforeRefinements: others.some((result) => result.total > 0) || lookups.matched,
  };
}

/** What the lookups of a request's specification ranges found. */
interface RangeLookups {
  /** Key → the values its range selects. */
  readonly selected: ReadonlyMap<string, readonly string[]>;
  /** Key → a lookup that is also the specification's search without its own refinement. */
  readonly without: ReadonlyMap<string, SearchResult<ProductDocument>>;
  /** Whether a lookup found products. */
  readonly matched: boolean;
}

/**
 * The values each specification range selects: the index holds values as keywords, so each
 * range-refined specification's values are looked up over the result without any range (its
 * values alone, a prefix facet) and those that are numbers in its unit within the bounds are
 * refined on (ADR 123). One round trip more, for requests with a range only. With a single
 * range, the lookup is exactly that specification's search without its own refinement.
 */
async function rangeLookups(
  indices: SearchIndices,
  query: ProductQuery,
  filters: ProductFilters,
  common: SearchRequest,
  pass: Pass,
): Promise<RangeLookups> {
  const ranges = [...query.specRanges];
  if (ranges.length === 0) return { selected: new Map(), without: new Map(), matched: false };
  const results = await Promise.all(
    ranges.map(([key]) =>
      indices.products.search({
        ...common,
        filters: [...filtersExcept(filters), ...pass.extra],
        facets: oneSpecFacets(key),
        hitsPerPage: 0,
      }),
    ),
  );
  const selected = new Map<string, readonly string[]>();
  ranges.forEach(([key, range], i) => {
    const values = specValuesIn(results[i]?.facets[F.specs] ?? [], key);
    selected.set(key, valuesInRange(specScale(values)?.numbers, range));
  });
  const without = new Map<string, SearchResult<ProductDocument>>();
  const [only] = ranges;
  if (ranges.length === 1 && only && results[0]) without.set(only[0], results[0]);
  return { selected, without, matched: results.some((result) => result.total > 0) };
}

/** Products offered in the country among the result, from the main search's `offered` bucket. */
export function offeredCount(result: SearchResult<ProductDocument>, query: ProductQuery): number {
  return result.facets[F.offers(query.country)]?.find((bucket) => bucket.value === OFFERED)?.count ?? 0;
}
