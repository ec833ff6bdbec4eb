import type { FieldSpec, IndexSchema } from '@pc/kit/ports/search-index';
import { SEARCH_LANGUAGES } from '@pc/kit/ports/search-index';
import { sortNameField } from './category-document.js';
import { SERVED_COUNTRIES } from './countries.js';
import { clicksField } from './entity-popularity.js';

const KEYWORD: FieldSpec = { type: 'keyword' };

/** `clicks_30d` and each served country's `clicks_30d_<country>`. */
const CLICK_FIELDS: Readonly<Record<string, FieldSpec>> = Object.fromEntries(
  [null, ...SERVED_COUNTRIES].map((country) => [clicksField(country), { type: 'number' }]),
);

/**
 * The list indices (brands, shops, categories: spec §7 list endpoints) and the completions of
 * the search box. `sort_name` is the folded name (alphabetical sort); `created_at` is when
 * search first saw the entity (epoch ms); `clicks_30d` the counted clicks on its products (a
 * shop's offers) over the last 30 UTC days, absent for none (the POPULARITY sort, ADR 117), and
 * `clicks_30d_<country>` those from one served country's site (a list limited to the country).
 */
export const BRAND_INDEX_SCHEMA: IndexSchema = {
  name: 'brands',
  fields: {
    name: { type: 'text' },
    sort_name: { type: 'keyword' },
    /** Initial letter, A-Z, or '#' for digits and symbols (brands list page). */
    letter: { type: 'keyword' },
    /** Categories (every level) the brand's products were seen in. */
    category_ids: { type: 'keyword' },
    products_count: { type: 'number' },
    created_at: { type: 'number' },
    ...CLICK_FIELDS,
  },
  suggestField: 'name',
};

/**
 * Categories are named in every language catalog names them in (ADR 127): `name` in the fallback
 * language, `names` in the others (a query in any language finds them, as products' names), its ancestors'
 * likewise (`path_names`, `ancestor_names`, ADR 130), and
 * `sort_name_<language>` the name a list sorted by name in that language orders them by.
 */
export const CATEGORY_INDEX_SCHEMA: IndexSchema = {
  name: 'categories',
  fields: {
    name: { type: 'text', boost: 2 },
    names: { type: 'text', boost: 2 },
    /** Names of the ancestors: "Phones" also finds its subcategories, ranked below itself. */
    path_names: { type: 'text' },
    /** The ancestors' names in the other languages: "Handys" finds them as "Phones" does. */
    ancestor_names: { type: 'text' },
    /** The ancestors' ids: the documents a category's new names reach. */
    path_ids: KEYWORD,
    sort_name: { type: 'keyword' },
    ...Object.fromEntries(SEARCH_LANGUAGES.map((language) => [sortNameField(language), KEYWORD])),
    parent_id: { type: 'keyword' },
    depth: { type: 'number' },
    products_count: { type: 'number' },
    created_at: { type: 'number' },
    /** Its subcategories' products' clicks included, as `products_count` counts them. */
    ...CLICK_FIELDS,
  },
  suggestField: 'name',
};

export const SHOP_INDEX_SCHEMA: IndexSchema = {
  name: 'shops',
  fields: {
    name: { type: 'text', boost: 2 },
    domain: { type: 'text' },
    sort_name: { type: 'keyword' },
    /** Countries the shop sells to, as country tokens (countries.ts). */
    countries: { type: 'keyword' },
    offers_count: { type: 'number' },
    created_at: { type: 'number' },
    /** Clicks on its offers. */
    ...CLICK_FIELDS,
  },
  suggestField: 'name',
};

/** One document per product and language: the names the search box completes. */
export const COMPLETION_INDEX_SCHEMA: IndexSchema = {
  name: 'completions',
  fields: { text: { type: 'text' } },
  suggestField: 'text',
};
