import type { SearchLanguage } from '@pc/kit/ports/search-index';
import type { ProductHit } from '@pc/proto/search/v1/types';
import { currencyOf, type Country } from '../domain/countries.js';
import { FALLBACK_LANGUAGE } from '../domain/languages.js';
import { highlight } from '../domain/highlight.js';
import { displayCurrency, displayName, displayTrend, type ProductDocument } from '../domain/product-document.js';
import { ProductFields as F } from '../domain/product-fields.js';

const numberOf = (doc: ProductDocument, field: string): number | undefined => {
  const value = doc[field];
  return typeof value === 'number' ? value : undefined;
};

/** The product's name in `language`, else English, else any. */
export function productName(doc: ProductDocument, language: string): string {
  const named = (code: string): string => {
    const value = doc[displayName(code)];
    return typeof value === 'string' ? value : '';
  };
  const inAny = (): string => {
    const key = Object.keys(doc).find((field) => field.startsWith('name_') && named(field.slice(5)));
    return key ? named(key.slice(5)) : '';
  };
  return named(language) || named(FALLBACK_LANGUAGE) || inAny();
}

/** What a product card shows, with the request country's prices. */
export function productHit(
  doc: ProductDocument,
  score: number,
  query: { text: string; language: SearchLanguage; country: Country; withScore: boolean },
): ProductHit {
  const { country } = query;
  const name = productName(doc, query.language);
  const price = numberOf(doc, F.price(country));
  const currency = doc[displayCurrency(country)];
  const highlighted = query.text ? highlight(name, query.text, query.language) : null;
  const categoryId = doc[F.categoryId];
  return {
    productId: doc.id,
    slug: doc.slug,
    name,
    brandName: doc.brand_name,
    brandSlug: typeof doc[F.brandSlug] === 'string' ? (doc[F.brandSlug] as string) : '',
    categoryId: typeof categoryId === 'string' ? categoryId : '',
    categoryName: doc.category_name,
    imageUrl: doc.image_url,
    rating: numberOf(doc, F.rating) ?? 0,
    ratingCount: numberOf(doc, F.ratingCount) ?? 0,
    lowestPrice:
      price === undefined
        ? undefined
        : { amountMinor: price, currency: typeof currency === 'string' && currency ? currency : currencyOf(country) },
    offersCount: numberOf(doc, F.offers(country)) ?? 0,
    trend: numberOf(doc, displayTrend(country)) ?? 0,
    priceDropPercent: numberOf(doc, F.dropPercent(country)) ?? 0,
    hasGreenOffer: numberOf(doc, F.green(country)) === 1,
    highlights: highlighted ? { name: highlighted } : {},
    score: query.withScore ? score : 0,
  };
}
