import type { OfferFacts } from './offer.js';
import type { ProductChange, ProductRecord } from './product.js';
import { imagesFromUrls } from './product-images.js';

/** What one matched offer may add to its product. */
export interface OfferContribution {
  readonly offer: OfferFacts;
  /** The offer's GTIN when it is now claimed for this product (never one that names another). */
  readonly gtin: string | null;
  /** The offer's category path, resolved, for a product that has none yet. */
  readonly categoryPathIds: readonly string[];
}

export type Enrichment = ProductChange;

/**
 * Fills what a product is missing from the offers matched to it: a translation in an offer's
 * language, a description, images, the MPN, further GTINs, a category. Never overwrites: shops
 * disagree, and the first good value is as good as a later one. Null when nothing changes.
 */
export function enrichProduct(
  current: ProductRecord,
  contributions: readonly OfferContribution[],
  now: string,
): Enrichment | null {
  let product = current;
  const changed = new Set<string>();
  for (const { offer, gtin, categoryPathIds } of contributions) {
    const text = product.texts[offer.language];
    if (!text && offer.title) {
      product = {
        ...product,
        texts: { ...product.texts, [offer.language]: { name: offer.title, description: offer.description } },
      };
      changed.add('name');
      if (offer.description) changed.add('description');
    } else if (text && !text.description && offer.description) {
      product = {
        ...product,
        texts: { ...product.texts, [offer.language]: { ...text, description: offer.description } },
      };
      changed.add('description');
    }
    if (product.images.length === 0 && offer.imageUrls.length > 0) {
      const alt = (product.texts[offer.language] ?? Object.values(product.texts)[0])?.name ?? offer.title;
      product = { ...product, images: imagesFromUrls(offer.imageUrls, alt) };
      changed.add('images');
    }
    if (!product.mpn && offer.mpnKey) {
      product = { ...product, mpn: offer.mpn };
      changed.add('mpn');
    }
    if (gtin && !product.gtins.includes(gtin)) {
      if (product.gtins.length === 0) changed.add('display_gtin');
      product = { ...product, gtins: [...product.gtins, gtin] };
      changed.add('gtins');
    }
    if (!product.categoryId && categoryPathIds.length > 0) {
      product = {
        ...product,
        categoryId: categoryPathIds[categoryPathIds.length - 1] ?? '',
        categoryPathIds: [...categoryPathIds],
      };
      changed.add('category').add('breadcrumbs');
    }
  }
  if (changed.size === 0) return null;
  return { product: { ...product, updatedAt: now }, changedFields: [...changed] };
}
