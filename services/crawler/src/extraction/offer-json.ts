import { availabilityName } from './availability.js';
import type { ExtractedOffer } from './extracted-offer.js';

/** An extracted offer as the CLI prints it and staff tools show it. */
export function offerJson(offer: ExtractedOffer) {
  return {
    name: offer.name,
    price: offer.price ? { amount: offer.price.amount, currency: offer.price.currency } : null,
    availability: availabilityName(offer.availability),
    gtin: offer.gtin,
    mpn: offer.mpn,
    brand: offer.brand,
    url: offer.url,
    image: offer.image,
    flags: offer.flags,
    sku: offer.sku,
    rawGtin: offer.rawGtin,
    method: offer.method,
  };
}
