import { escapeHtml } from '../render/html.js';
import { decimalAmount } from '../render/money.js';
import { googleAvailability } from '../render/structured-data.js';
import type { DemoShop } from '../world/demo-world.js';
import type { FeedEntry } from './feed-rows.js';

/**
 * The shop's Google Merchant feed: RSS 2.0 with the g: namespace, one <item> per listed offer at
 * this moment. During a reduction `g:price` is the regular price and `g:sale_price` the current
 * one, as Merchant Center wants; shipping is a nested g:shipping group per country.
 */
export function googleXmlFeed(shop: DemoShop, origin: string, entries: readonly FeedEntry[]): string {
  const text = escapeHtml;
  const items = entries.map(({ item, live, url }) => {
    const { offer } = item;
    const money = (minor: number) => `${decimalAmount(minor, offer.currency)} ${offer.currency}`;
    const fields = [
      `<g:id>${text(offer.shopOfferId)}</g:id>`,
      `<g:title>${text(offer.title)}</g:title>`,
      `<g:description>${text(offer.description)}</g:description>`,
      `<g:link>${text(url)}</g:link>`,
      ...offer.imageUrls.map((image, index) =>
        index === 0
          ? `<g:image_link>${text(image)}</g:image_link>`
          : `<g:additional_image_link>${text(image)}</g:additional_image_link>`,
      ),
      `<g:availability>${googleAvailability(live.availability)}</g:availability>`,
      live.listPriceMinor > 0
        ? `<g:price>${money(live.listPriceMinor)}</g:price><g:sale_price>${money(live.priceMinor)}</g:sale_price>`
        : `<g:price>${money(live.priceMinor)}</g:price>`,
      `<g:brand>${text(offer.brand)}</g:brand>`,
      offer.rawGtin ? `<g:gtin>${text(offer.rawGtin)}</g:gtin>` : '',
      offer.mpn ? `<g:mpn>${text(offer.mpn)}</g:mpn>` : '',
      `<g:condition>${offer.refurbished ? 'refurbished' : 'new'}</g:condition>`,
      offer.googleCategoryId > 0
        ? `<g:google_product_category>${offer.googleCategoryId}</g:google_product_category>`
        : '',
      `<g:product_type>${text(offer.categoryPath)}</g:product_type>`,
      `<g:shipping><g:country>${offer.country}</g:country><g:service>Standard</g:service><g:price>${money(live.shippingMinor)}</g:price></g:shipping>`,
    ];
    return `<item>\n${fields.filter(Boolean).join('\n')}\n</item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">
<channel>
<title>${text(shop.shop.name)}</title>
<link>${text(origin)}/</link>
<description>${text(shop.shop.description)}</description>
${items.join('\n')}
</channel>
</rss>
`;
}
