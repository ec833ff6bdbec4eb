import type { OfferFacts } from './offer.js';
import type { ProductRecord } from './product.js';
import { imagesFromUrls } from './product-images.js';
import { slugify } from './slug.js';

/** URL slug from brand and name (proto Product.slug); the brand is not repeated when the name starts with it. */
export function productSlug(brandName: string, name: string): string {
  const nameSlug = slugify(name);
  const brandSlug = slugify(brandName);
  if (!brandSlug || nameSlug === brandSlug || nameSlug.startsWith(`${brandSlug}-`)) return nameSlug || 'product';
  return slugify(`${brandName} ${name}`) || 'product';
}

export interface NewProductInput {
  readonly id: string;
  readonly offer: OfferFacts;
  /** '' when the offer names no brand. */
  readonly brandId: string;
  /** Root-first category ids, [] when the offer gave no usable category. */
  readonly categoryPathIds: readonly string[];
  readonly now: string;
}

/** The product an offer that matched nothing creates: its texts in the offer's language. */
export function newProductFromOffer({ id, offer, brandId, categoryPathIds, now }: NewProductInput): ProductRecord {
  return {
    _id: id,
    slug: productSlug(offer.brandName, offer.title),
    texts: { [offer.language]: { name: offer.title, description: offer.description } },
    sortName: offer.title.toLowerCase(),
    brandId,
    categoryId: categoryPathIds[categoryPathIds.length - 1] ?? '',
    categoryPathIds: [...categoryPathIds],
    images: imagesFromUrls(offer.imageUrls, offer.title),
    gtins: offer.gtin ? [offer.gtin] : [],
    mpn: offer.mpnKey ? offer.mpn : '',
    manufacturer: '',
    features: [],
    rating: null,
    status: 'active',
    mergedIntoProductId: '',
    origin: { kind: 'offer_match', shopId: offer.shopId, shopOfferId: offer.shopOfferId },
    createdAt: now,
    updatedAt: now,
  };
}
