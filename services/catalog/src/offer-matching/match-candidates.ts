import { resolveLanguage } from '../domain/localized.js';
import type { ProductRecord } from '../domain/product.js';
import type { MatchableRecord } from '../matching/decide-match.js';
import type { StoredBrand } from '../store/brand-repository.js';
import type { BatchOffer } from './match-lookups.js';

/** An offer as the matching module compares it. */
export function offerRecord({ offer }: BatchOffer): MatchableRecord {
  return {
    title: offer.title,
    brand: offer.brandName,
    mpn: offer.mpn,
    gtins: offer.gtin ? [offer.gtin] : [],
    description: offer.description,
  };
}

/** A stored product as the matching module compares it: its name in the offer's language. */
export function productRecord(
  product: ProductRecord,
  brand: StoredBrand | undefined,
  language: string,
): MatchableRecord {
  return {
    title: resolveLanguage(product.texts, language)?.name ?? '',
    brand: brand?.name ?? '',
    mpn: product.mpn,
    gtins: product.gtins,
  };
}
