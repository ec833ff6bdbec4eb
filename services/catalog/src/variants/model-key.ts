// The key a model's variants share (ADR 138): the brand and the name without its variant values.
// Stored and indexed with every product, so a product page finds its variants in one index read.
import { FALLBACK_LANGUAGE } from '../domain/localized.js';
import type { ProductRecord } from '../domain/product.js';
import { modelTokensOf } from './variant-values.js';

/** The name the key is read from: the English one where there is one (the vocabulary's words are
 *  English, other languages' colour words translate to them), else the first the product got. */
function keyName(product: Pick<ProductRecord, 'texts'>): string {
  const texts = product.texts;
  return (texts[FALLBACK_LANGUAGE] ?? Object.values(texts)[0])?.name ?? '';
}

/**
 * "{brandId}|{model tokens}", or '' when the product has no brand or its name nothing but
 * variant values: such a product has no variants (without a brand, two makers' "Black 128 GB"
 * would be one model).
 */
export function modelKeyOf(product: Pick<ProductRecord, 'brandId' | 'texts'>): string {
  if (product.brandId === '') return '';
  const tokens = modelTokensOf(keyName(product));
  return tokens.length === 0 ? '' : `${product.brandId}|${tokens.join(' ')}`;
}
