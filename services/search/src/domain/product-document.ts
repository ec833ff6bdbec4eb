import type { SearchDocument } from '@pc/kit/ports/search-index';
import { SERVED_COUNTRIES, countryToken, type Country } from './countries.js';
import { languageToken, searchLanguage } from './languages.js';
import type { OfferRecord } from './offer-record.js';
import { popularity } from './popularity.js';
import type { PriceRecord } from './price-record.js';
import { ProductFields as F } from './product-fields.js';
import type { ProductRecord } from './product-record.js';
import { specFields } from './product-specs.js';

/** A document of the product index: the indexed fields plus what a hit shows (not indexed). */
export type ProductDocument = SearchDocument & {
  readonly slug: string;
  readonly brand_name: string;
  readonly category_name: string;
  readonly image_url: string;
  readonly version: number;
};

/** Everything search holds about one product, from the three topics that describe it. */
export interface ProductSources {
  readonly product: ProductRecord | null;
  readonly prices: PriceRecord | null;
  /** Active and inactive offers matched to the product. */
  readonly offers: readonly OfferRecord[];
  /** Counted click-outs per country. */
  readonly clicks: Readonly<Record<string, number>>;
}

/** Stored names of the display fields, per language and per country. */
export const displayName = (language: string): string => `name_${language}`;
export const displayCurrency = (country: Country): string => `currency_${country.toLowerCase()}`;
export const displayTrend = (country: Country): string => `trend_${country.toLowerCase()}`;

/**
 * The index document of a product, or null when it must not be searchable: not known yet (a
 * price may arrive before its product), hidden or merged.
 */
export function productDocument(sources: ProductSources): ProductDocument | null {
  const product = sources.product;
  if (product === null || !product.listed) return null;
  const leaf = product.categoryPath[product.categoryPath.length - 1];
  const specs = specFields(product.specs ?? []);
  const doc: Record<string, SearchDocument[string]> = {
    id: product._id,
    [F.name]: [...new Set(Object.values(product.names))],
    [F.brand]: product.brand?.name ?? '',
    [F.category]: product.categoryPath.map((step) => step.name),
    [F.codes]: [product.mpn, product.displayGtin].filter(Boolean),
    [F.brandSlug]: product.brand?.slug ?? null,
    [F.categoryId]: leaf?.id ?? null,
    [F.categoryPath]: product.categoryPath.map((step) => step.id),
    [F.gtins]: product.gtins,
    [F.mpn]: product.mpn || null,
    [F.languages]: Object.keys(product.names).flatMap((code) => {
      const language = searchLanguage(code);
      return language ? [languageToken(language)] : [];
    }),
    [F.createdAt]: product.createdAt,
    [F.rating]: product.ratingCount > 0 ? product.rating : null,
    [F.ratingCount]: product.ratingCount,
    [F.specNames]: specs.names,
    [F.specs]: specs.values,
    slug: product.slug,
    brand_name: product.brand?.name ?? '',
    category_name: leaf?.name ?? '',
    image_url: product.imageUrl,
    version: product.version,
  };
  for (const [language, name] of Object.entries(product.names)) doc[displayName(language)] = name;
  const offered: string[] = [];
  for (const country of SERVED_COUNTRIES) {
    const price = sources.prices?.countries[country];
    const shops = shopsIn(sources.offers, country);
    const clicks = sources.clicks[country] ?? 0;
    const offers = price?.offers ?? 0;
    doc[F.rank(country)] = popularity(offers, clicks);
    if (shops.length > 0) doc[F.shops(country)] = shops;
    if (price === undefined || offers === 0) continue;
    offered.push(countryToken(country));
    doc[F.offers(country)] = offers;
    doc[F.inStock(country)] = price.inStock;
    if (price.lowest !== null) doc[F.price(country)] = price.lowest;
    if (price.dropPercent > 0) doc[F.dropPercent(country)] = price.dropPercent;
    if (price.green) doc[F.green(country)] = 1;
    doc[displayCurrency(country)] = price.currency;
    doc[displayTrend(country)] = price.trend;
  }
  doc[F.countries] = offered;
  return doc as ProductDocument;
}

function shopsIn(offers: readonly OfferRecord[], country: Country): string[] {
  const shops = new Set<string>();
  for (const offer of offers) if (offer.active && offer.country === country) shops.add(offer.shopId);
  return [...shops].sort();
}
