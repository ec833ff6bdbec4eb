import type { FieldSpec, IndexSchema } from '@pc/kit/ports/search-index';
import { SERVED_COUNTRIES, type Country } from './countries.js';

/**
 * Field names of the product index. Prices, offers and shops are per country, one field per
 * served country (`price_ch`, `shops_de`, …), so that every sort, filter, facet and metric of a
 * request reads the request country's values with the port's plain field operations.
 */
export const ProductFields = {
  name: 'name',
  brand: 'brand',
  category: 'category',
  codes: 'codes',
  brandSlug: 'brand_slug',
  categoryId: 'category_id',
  categoryPath: 'category_path',
  gtins: 'gtins',
  mpn: 'mpn',
  countries: 'countries',
  languages: 'languages',
  createdAt: 'created_at',
  rating: 'rating',
  ratingCount: 'rating_count',
  /** "<key>:<name>" of each specification the product states (product-specs.ts). */
  specNames: 'spec_names',
  /** "<key>:<value>" of each specification the product states. */
  specs: 'specs',
  /** Lowest price of an active offer, minor units of the country's currency. */
  price: (country: Country) => `price_${country.toLowerCase()}`,
  /** Active offers; absent when none, so "offered" is `offers_xx ≥ 1`. */
  offers: (country: Country) => `offers_${country.toLowerCase()}`,
  /** In-stock offers; present only when the product is offered in the country. */
  inStock: (country: Country) => `instock_${country.toLowerCase()}`,
  dropPercent: (country: Country) => `drop_${country.toLowerCase()}`,
  /** 1 with a leaf-marked offer, else absent. */
  green: (country: Country) => `green_${country.toLowerCase()}`,
  /** Popularity in the country (see popularity.ts). */
  rank: (country: Country) => `rank_${country.toLowerCase()}`,
  /** Ids of the shops with an active offer in the country. */
  shops: (country: Country) => `shops_${country.toLowerCase()}`,
} as const;

function perCountry(field: (country: Country) => string, spec: FieldSpec): Record<string, FieldSpec> {
  return Object.fromEntries(SERVED_COUNTRIES.map((country) => [field(country), spec]));
}

const keyword: FieldSpec = { type: 'keyword' };
const number: FieldSpec = { type: 'number' };

/**
 * Texts: every translation of the name (so a query in any language finds it; the request's
 * language picks the stemmer), the brand, the category path and the codes. GTINs and MPN are
 * keywords too: a query equal to one finds the product directly (barcodes in every length).
 */
export const PRODUCT_INDEX_SCHEMA: IndexSchema = {
  name: 'products',
  fields: {
    [ProductFields.name]: { type: 'text', boost: 4 },
    [ProductFields.brand]: { type: 'text', boost: 3 },
    [ProductFields.category]: { type: 'text', boost: 1.5 },
    [ProductFields.codes]: { type: 'text', boost: 2 },
    [ProductFields.brandSlug]: keyword,
    [ProductFields.categoryId]: keyword,
    [ProductFields.categoryPath]: keyword,
    [ProductFields.gtins]: keyword,
    [ProductFields.mpn]: keyword,
    [ProductFields.countries]: keyword,
    [ProductFields.languages]: keyword,
    [ProductFields.createdAt]: number,
    [ProductFields.rating]: number,
    [ProductFields.ratingCount]: number,
    [ProductFields.specNames]: keyword,
    [ProductFields.specs]: keyword,
    ...perCountry(ProductFields.price, number),
    ...perCountry(ProductFields.offers, number),
    ...perCountry(ProductFields.inStock, number),
    ...perCountry(ProductFields.dropPercent, number),
    ...perCountry(ProductFields.green, number),
    ...perCountry(ProductFields.rank, number),
    ...perCountry(ProductFields.shops, keyword),
  },
};
