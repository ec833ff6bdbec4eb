import type {
  FacetRequest,
  SearchDocument,
  SearchFilter,
  SearchIndexHandle,
  SearchLanguage,
  SortClause,
} from '@pc/kit/ports/search-index';
import { EntitySort } from '@pc/proto/common/v1/sort';
import type { BrandDocument } from '../domain/brand-document.js';
import { categoryName, sortNameField, type CategoryDocument } from '../domain/category-document.js';
import type { ShopDocument } from '../domain/shop-document.js';
import { countryOfToken, countryToken, servedCountry, type Country } from '../domain/countries.js';
import { ProductFields as F } from '../domain/product-fields.js';
import type { SearchIndices } from '../store/search-indices.js';
import { categoryNamesOf, countryLabel } from './facet-labels.js';

/** One facet of a list search: how it is counted, refined, labelled and sent back. */
export interface EntityFacet {
  readonly request: FacetRequest;
  /** The refinement value as the index holds it, or null when it is not a valid value. */
  readonly parse: (value: string) => string | number | null;
  readonly refine: (values: readonly (string | number)[]) => SearchFilter;
  /** Index value → the value a Refinement sends back. */
  readonly show?: (value: string) => string;
  readonly labels: (values: readonly string[], language: SearchLanguage) => Promise<Map<string, string>>;
}

/** A list index (brands, shops, categories): its facets, the sorts it offers, its country filter. */
export interface EntityKind<D extends SearchDocument> {
  readonly index: SearchIndexHandle<D>;
  readonly facets: Readonly<Record<string, EntityFacet>>;
  readonly sorts: ReadonlyMap<EntitySort, readonly SortClause[]>;
  /** Only entities relevant to a country, or null for all. */
  readonly countryFilter: (country: Country) => Promise<SearchFilter | null>;
  /** Its name as a reader of `language` sees it; absent: `name`, the same in every language. */
  readonly nameIn?: (doc: D, language: SearchLanguage) => string;
  /** The keyword a list sorted by name in `language` orders by first (`sort_name` after it); absent: `sort_name` alone. */
  readonly sortNameIn?: (language: SearchLanguage) => string;
}

const NAME: readonly SortClause[] = [{ field: 'sort_name', order: 'asc' }];
/** Most clicked over the last 30 days first; the never clicked (no value) after them, by name. */
const POPULAR: readonly SortClause[] = [{ field: 'clicks_30d', order: 'desc' }, ...NAME];
const identity = async (values: readonly string[]) => new Map(values.map((value) => [value, value]));

/** Values of a product field among products offered in a country (at most 1000 buckets). */
async function offeredIn(indices: SearchIndices, field: string, country: Country): Promise<SearchFilter> {
  const result = await indices.products.search({
    filters: [{ field: F.countries, anyOf: [countryToken(country)] }],
    facets: [{ field, type: 'terms', size: 1000 }],
    hitsPerPage: 0,
  });
  return { field: 'id', anyOf: (result.facets[field] ?? []).map((bucket) => bucket.value) };
}

const categoryFacet = (indices: SearchIndices, field: string): EntityFacet => ({
  request: { field, type: 'terms', size: 50 },
  parse: (value) => value,
  refine: (values) => ({ field, anyOf: values }),
  labels: (values, language) => categoryNamesOf(indices.categories, values, language),
});

export function entityKinds(indices: SearchIndices) {
  const brands: EntityKind<BrandDocument> = {
    index: indices.brands,
    facets: {
      letter: {
        request: { field: 'letter', type: 'terms', size: 27 },
        parse: (value) => (/^[A-Za-z#]$/.test(value) ? value.toUpperCase() : null),
        refine: (values) => ({ field: 'letter', anyOf: values }),
        labels: identity,
      },
      category: categoryFacet(indices, 'category_ids'),
    },
    sorts: new Map([
      [EntitySort.ENTITY_SORT_NAME, NAME],
      [EntitySort.ENTITY_SORT_PRODUCT_COUNT, [{ field: 'products_count', order: 'desc' }, ...NAME]],
      [EntitySort.ENTITY_SORT_NEWEST, [{ field: 'created_at', order: 'desc' }, ...NAME]],
      [EntitySort.ENTITY_SORT_POPULARITY, POPULAR],
    ]),
    countryFilter: (country) => offeredIn(indices, F.brandSlug, country),
  };
  const categories: EntityKind<CategoryDocument> = {
    index: indices.categories,
    facets: {
      parent: categoryFacet(indices, 'parent_id'),
      depth: {
        request: {
          field: 'depth',
          type: 'range',
          ranges: [0, 1, 2, 3, 4, 5].map((depth) => ({ key: String(depth), from: depth, to: depth + 1 })),
        },
        parse: (value) => (/^[0-5]$/.test(value) ? Number(value) : null),
        refine: (values) => ({ field: 'depth', anyOf: values }),
        labels: identity,
      },
    },
    sorts: new Map([
      [EntitySort.ENTITY_SORT_NAME, NAME],
      [EntitySort.ENTITY_SORT_PRODUCT_COUNT, [{ field: 'products_count', order: 'desc' }, ...NAME]],
      [EntitySort.ENTITY_SORT_NEWEST, [{ field: 'created_at', order: 'desc' }, ...NAME]],
      [EntitySort.ENTITY_SORT_POPULARITY, POPULAR],
    ]),
    countryFilter: (country) => offeredIn(indices, F.categoryPath, country),
    nameIn: categoryName,
    sortNameIn: sortNameField,
  };
  const shops: EntityKind<ShopDocument> = {
    index: indices.shops,
    facets: {
      country: {
        request: { field: 'countries', type: 'terms', size: 50 },
        parse: (value) => {
          const country = servedCountry(value);
          return country ? countryToken(country) : null;
        },
        refine: (values) => ({ field: 'countries', anyOf: values }),
        show: (value) => countryOfToken(value) ?? value,
        labels: async (values, language) => new Map(values.map((value) => [value, countryLabel(value, language)])),
      },
    },
    sorts: new Map([
      [EntitySort.ENTITY_SORT_NAME, NAME],
      // Shops: most offers first (proto: "or offers, for shops").
      [EntitySort.ENTITY_SORT_PRODUCT_COUNT, [{ field: 'offers_count', order: 'desc' }, ...NAME]],
      [EntitySort.ENTITY_SORT_NEWEST, [{ field: 'created_at', order: 'desc' }, ...NAME]],
      [EntitySort.ENTITY_SORT_POPULARITY, POPULAR],
    ]),
    countryFilter: async (country) => ({ field: 'countries', anyOf: [countryToken(country)] }),
  };
  return { brands, categories, shops };
}
