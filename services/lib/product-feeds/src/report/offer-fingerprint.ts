import { hash } from 'node:crypto';
import type { FeedOffer } from '../validate/feed-offer.js';

/**
 * A short digest of what an offer observation of the item would carry (everything but its
 * position), so two analyses of a feed can tell changed items from unchanged ones without
 * keeping the items themselves.
 */
export function offerFingerprint(offer: FeedOffer): string {
  const money = (m: FeedOffer['price'] | null) => (m ? `${m.amountMinor} ${m.currency}` : '');
  const parts = [
    offer.title,
    offer.description,
    offer.link,
    offer.imageUrls.join(' '),
    offer.brand,
    offer.gtin,
    offer.mpn,
    money(offer.price),
    money(offer.listPrice),
    money(offer.shipping),
    String(offer.availability),
    offer.deliveryTime,
    String(offer.condition),
    offer.categoryPath,
    String(offer.googleProductCategoryId),
  ];
  return hash('sha1', parts.join('\u0000'), 'base64url').slice(0, 16);
}
