import { availabilityOf, conditionOf } from './availability.js';
import type { ExtractedOffer, OfferFlag } from './extracted-offer.js';
import { absoluteUrl, gtinFields, priceFields } from './offer-fields.js';
import { textOf, type SchemaNode } from './schema-node.js';

/**
 * The offer OpenGraph's product properties describe (`og:type` product, `product:price:amount`
 * and `…:currency`, `product:availability`, …), when a page has them and no richer markup.
 */
export function openGraphOffers(
  rdfa: readonly SchemaNode[],
  pageUrl: string,
  fallbackCurrency: string | null,
): ExtractedOffer[] {
  return rdfa.flatMap((node): ExtractedOffer[] => {
    const type = textOf(node, 'og:type');
    const amount = textOf(node, 'product:price:amount', 'og:price:amount');
    if (!amount && !/product/i.test(type)) return [];
    const currency = textOf(node, 'product:price:currency', 'og:price:currency') || fallbackCurrency;
    const price = priceFields(amount, currency || null);
    const gtin = gtinFields(textOf(node, 'product:gtin', 'product:ean', 'product:upc', 'product:isbn'));
    const name = textOf(node, 'og:title', 'product:title');
    const flags: OfferFlag[] = [...(name ? [] : ['name_missing' as const]), ...price.flags, ...gtin.flags];
    return [
      {
        method: 'opengraph',
        name,
        price: price.price,
        availability: availabilityOf(textOf(node, 'product:availability', 'og:availability')),
        condition: conditionOf(textOf(node, 'product:condition')),
        gtin: gtin.gtin,
        rawGtin: gtin.rawGtin,
        mpn: textOf(node, 'product:mfr_part_no'),
        sku: textOf(node, 'product:retailer_item_id'),
        brand: textOf(node, 'product:brand'),
        url: absoluteUrl(textOf(node, 'og:url'), pageUrl) || pageUrl,
        image: absoluteUrl(textOf(node, 'og:image'), pageUrl),
        description: textOf(node, 'og:description'),
        flags,
      },
    ];
  });
}
