import type { SearchDocument, SearchIndexHandle, SearchLanguage } from '@pc/kit/ports/search-index';
import { categoryName, type CategoryDocument } from '../domain/category-document.js';
import { countryOfToken } from '../domain/countries.js';

/**
 * Display names of ids from an entity index (brands, categories, shops): one search for all.
 * `nameOf` reads a document's name (a category's in the request's language).
 */
export async function namesOf<D extends SearchDocument & { name: string }>(
  index: SearchIndexHandle<D>,
  ids: readonly string[],
  nameOf: (doc: D) => string = (doc) => doc.name,
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const result = await index.search({ filters: [{ field: 'id', anyOf: ids }], hitsPerPage: Math.min(100, ids.length) });
  return new Map(result.hits.map((hit) => [hit.id, nameOf(hit.document)]));
}

/** Names of categories in `language` (else the fallback language's), by id. */
export function categoryNamesOf(
  index: SearchIndexHandle<CategoryDocument>,
  ids: readonly string[],
  language: SearchLanguage,
): Promise<Map<string, string>> {
  return namesOf(index, ids, (doc) => categoryName(doc, language));
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** A country token's display name in the language ("Schweiz"), else its code. */
export function countryLabel(token: string, language: SearchLanguage): string {
  const code = countryOfToken(token) ?? token;
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    regionNames.set(language, names);
  }
  return names.of(code) ?? code;
}

const AVAILABILITY: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  in_stock: { de: 'An Lager', en: 'In stock', fr: 'En stock', it: 'Disponibile', pt: 'Em stock', es: 'En stock' },
  out_of_stock: {
    de: 'Nicht an Lager',
    en: 'Out of stock',
    fr: 'En rupture de stock',
    it: 'Non disponibile',
    pt: 'Esgotado',
    es: 'Agotado',
  },
};

export function availabilityLabel(value: string, language: SearchLanguage): string {
  return AVAILABILITY[value]?.[language] ?? AVAILABILITY[value]?.en ?? value;
}

/** "≥ 4 ★": the rating facet's "at least n stars" values. */
export function ratingLabel(value: string): string {
  return `≥ ${value} ★`;
}

/** A price bucket "from-to" (minor units, `to` exclusive) as "CHF 10.00 – 19.99", "< CHF 10.00", "≥ CHF 5,000.00". */
export function priceLabel(key: string, currency: string, language: SearchLanguage): string {
  const format = priceFormat(language, currency);
  const [from, to] = key.split('-').map((part) => (part === '' ? undefined : Number(part)));
  if (from === undefined && to !== undefined) return `< ${format.format(to / 100)}`;
  if (to === undefined && from !== undefined) return `≥ ${format.format(from / 100)}`;
  return `${format.format((from ?? 0) / 100)} – ${format.format(((to ?? 0) - 1) / 100)}`;
}

const priceFormats = new Map<string, Intl.NumberFormat>();

/** One formatter per language and currency: creating one costs more than the rest of a label (it was 4 % of a search at 1M products). */
function priceFormat(language: SearchLanguage, currency: string): Intl.NumberFormat {
  const key = `${language} ${currency}`;
  let format = priceFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(language, { style: 'currency', currency });
    priceFormats.set(key, format);
  }
  return format;
}
