import { createHash } from 'node:crypto';

// Ids are derived from what identifies the thing (an offer, a brand key, a category's place), so
// two writers that race to create it compute the same id and a conditional write settles the race,
// and a redelivered request finds what its first attempt created.

/** Crockford's base32, lower case: URL-safe, no '-' (product URLs end in "-p{id}", spec §2.2). */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** `length` base32 characters of the SHA-256 of the parts (5 bits each). */
export function hashId(parts: readonly string[], length: number): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  let id = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of digest) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5 && id.length < length) {
      bits -= 5;
      id += ALPHABET[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
    if (id.length === length) break;
  }
  return id;
}

/** The product an offer creates when it matches nothing: 12 characters, 60 bits. */
export const productIdForOffer = (shopId: string, shopOfferId: string): string =>
  hashId(['product', shopId, shopOfferId], 12);

export const brandIdForKey = (brandKey: string): string => hashId(['brand', brandKey], 10);

/** A category is identified by its parent and its slug (in the language that created it). */
export const categoryIdFor = (parentId: string, slug: string): string => hashId(['category', parentId, slug], 10);

/** One review per user and product (spec: a user reviews a product once). */
export const writtenReviewId = (productId: string, userId: string): string => hashId(['review', productId, userId], 14);

/** An imported review is identified by its site and that site's id for it. */
export const importedReviewId = (domain: string, sourceReviewId: string): string =>
  hashId(['imported-review', domain.toLowerCase(), sourceReviewId], 14);

/** The id part of a product URL segment: after the last "-p" marker, if any (spec §2.2). */
export function productIdFromSegment(segment: string): string {
  const marker = segment.lastIndexOf('-p');
  return marker >= 0 ? segment.slice(marker + 2) : segment;
}
