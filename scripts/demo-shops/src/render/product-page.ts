import { Rng } from '@pc/seed/random/prng';
import type { DemoOffer, DemoShop } from '../world/demo-world.js';
import type { LiveOffer } from '../world/live-market.js';
import { escapeHtml, page } from './html.js';
import { decimalAmount } from './money.js';
import { formatPrice } from './price-format.js';
import { googleAvailability, gtinProperty, schemaAvailability } from './structured-data.js';

/** A product page: visible HTML in the shop's template, plus its structured data by markup. */
export function productPage(shop: DemoShop, item: DemoOffer, live: LiveOffer, origin: string, seed: string): string {
  const { offer } = item;
  const url = `${origin}${item.path}`;
  const locale = `${offer.language}-${offer.country}`;
  const price = formatPrice(live.priceMinor, offer.currency, locale, shop.site.swissDash);
  const listPrice =
    live.listPriceMinor > 0 ? formatPrice(live.listPriceMinor, offer.currency, locale, shop.site.swissDash) : '';
  const markup = shop.site.markup;
  const head = [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:title" content="${escapeHtml(offer.title)}">`,
  ];
  if (offer.imageUrls[0]) head.push(`<meta property="og:image" content="${escapeHtml(offer.imageUrls[0])}">`);
  if (markup === 'opengraph') head.push(...openGraphPrice(item, live));
  if (markup === 'json-ld') head.push(jsonLd(shop, item, live, url, seed));
  const visible = visibleProduct(shop, item, live, price, listPrice);
  const body = markup === 'microdata' ? microdata(item, live, url, visible) : visible;
  return page({ language: offer.language, title: offer.title, shopName: shop.shop.name, head: head.join('\n'), body });
}

function visibleProduct(shop: DemoShop, item: DemoOffer, live: LiveOffer, price: string, listPrice: string): string {
  const { offer } = item;
  const state = googleAvailability(live.availability);
  const image = offer.imageUrls[0] ?? '';
  const text = escapeHtml;
  switch (shop.site.template) {
    case 0:
      return `<article class="product" data-sku="${text(offer.shopOfferId)}">
<h1 class="product-title">${text(offer.title)}</h1>
<p>by <span class="brand">${text(offer.brand)}</span></p>
<img class="main-image" src="${text(image)}" alt="${text(offer.title)}">
<div class="price"><span class="current">${text(price)}</span>${listPrice ? ` <s class="was">${text(listPrice)}</s>` : ''}</div>
<p class="stock" data-state="${state}">${text(live.deliveryTime)}</p>
<dl><dt>EAN</dt><dd class="ean">${text(offer.rawGtin)}</dd><dt>MPN</dt><dd class="mpn">${text(offer.mpn)}</dd><dt>Art.</dt><dd class="sku">${text(offer.shopOfferId)}</dd></dl>
<p class="description">${text(offer.description)}</p>
</article>`;
    case 1:
      return `<section id="product-detail">
<div class="pd-gallery"><img src="${text(image)}" alt=""></div>
<div class="pd-info"><h1 class="pd-name">${text(offer.title)}</h1><div class="pd-brand">${text(offer.brand)}</div>
<div class="pd-prices">${listPrice ? `<span class="pd-price-old">${text(listPrice)}</span> ` : ''}<span class="pd-price-now">${text(price)}</span></div>
<div class="pd-availability" data-state="${state}">${text(live.deliveryTime)}</div>
<ul class="pd-codes"><li>GTIN <span class="pd-gtin">${text(offer.rawGtin)}</span></li><li>MPN <span class="pd-mpn">${text(offer.mpn)}</span></li><li>SKU <span class="pd-sku">${text(offer.shopOfferId)}</span></li></ul>
<div class="pd-text">${text(offer.description)}</div></div>
</section>`;
    default:
      return `<div id="main-product">
<h1 id="title">${text(offer.title)}</h1>
<img id="image" src="${text(image)}" alt="">
<table><tr><th>Hersteller / Brand</th><td id="manufacturer">${text(offer.brand)}</td></tr><tr><th>EAN</th><td id="ean">${text(offer.rawGtin)}</td></tr><tr><th>MPN</th><td id="mpn">${text(offer.mpn)}</td></tr><tr><th>No.</th><td id="article-number">${text(offer.shopOfferId)}</td></tr></table>
<p id="price">${listPrice ? `<del>${text(listPrice)}</del> ` : ''}<span class="amount">${text(price)}</span></p>
<p id="stock" data-state="${state}">${text(live.deliveryTime)}</p>
<div id="description">${text(offer.description)}</div>
</div>`;
  }
}

/** The whole page as schema.org microdata: the visible block inside an itemscope, machine values in meta/link. */
function microdata(item: DemoOffer, live: LiveOffer, url: string, visible: string): string {
  const { offer } = item;
  const text = escapeHtml;
  const availability = schemaAvailability(live.availability);
  return `<div itemscope itemtype="https://schema.org/Product">
<meta itemprop="name" content="${text(offer.title)}">
<div itemprop="brand" itemscope itemtype="https://schema.org/Brand"><meta itemprop="name" content="${text(offer.brand)}"></div>
${offer.rawGtin ? `<meta itemprop="${gtinProperty(offer.rawGtin)}" content="${text(offer.rawGtin)}">` : ''}
${offer.mpn ? `<meta itemprop="mpn" content="${text(offer.mpn)}">` : ''}
<meta itemprop="sku" content="${text(offer.shopOfferId)}">
${offer.imageUrls.map((image) => `<link itemprop="image" href="${text(image)}">`).join('')}
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
<meta itemprop="price" content="${decimalAmount(live.priceMinor, offer.currency)}"><meta itemprop="priceCurrency" content="${offer.currency}">
${availability ? `<link itemprop="availability" href="${availability}">` : ''}<link itemprop="url" href="${text(url)}">
</div>
${visible}
</div>`;
}

function openGraphPrice(item: DemoOffer, live: LiveOffer): string[] {
  const { offer } = item;
  return [
    '<meta property="og:type" content="product">',
    `<meta property="product:price:amount" content="${decimalAmount(live.priceMinor, offer.currency)}">`,
    `<meta property="product:price:currency" content="${offer.currency}">`,
    `<meta property="product:availability" content="${googleAvailability(live.availability).replace('_', ' ')}">`,
    `<meta property="product:brand" content="${escapeHtml(offer.brand)}">`,
    `<meta property="product:retailer_item_id" content="${escapeHtml(offer.shopOfferId)}">`,
  ];
}

/**
 * JSON-LD Product with its Offer. Shops with broken JSON-LD break some pages the way real ones
 * do (a trailing comma, a comment, a raw line break inside a string); shops with conflicting
 * prices list a second Offer at another price on some pages.
 */
function jsonLd(shop: DemoShop, item: DemoOffer, live: LiveOffer, url: string, seed: string): string {
  const { offer } = item;
  const amount = decimalAmount(live.priceMinor, offer.currency);
  const availability = schemaAvailability(live.availability);
  const mainOffer = {
    '@type': 'Offer',
    url,
    price: amount,
    priceCurrency: offer.currency,
    ...(availability && { availability }),
    itemCondition: 'https://schema.org/NewCondition',
  };
  const pageRng = Rng.derive(seed, 'demo-page', shop.shop.index, offer.shopOfferId);
  const conflicting = shop.site.conflictingPrices && pageRng.chance(0.5);
  const offers = conflicting
    ? [mainOffer, { ...mainOffer, price: decimalAmount(Math.round(live.priceMinor * 1.1), offer.currency) }]
    : mainOffer;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: offer.title,
    description: offer.description,
    sku: offer.shopOfferId,
    ...(offer.mpn && { mpn: offer.mpn }),
    ...(offer.rawGtin && { [gtinProperty(offer.rawGtin)]: offer.rawGtin }),
    brand: { '@type': 'Brand', name: offer.brand },
    image: offer.imageUrls,
    offers,
  };
  let json = JSON.stringify(data, null, 1).replace(/</g, '\\u003c');
  if (shop.site.brokenJsonLd && pageRng.chance(0.4)) {
    const breakage = pageRng.int(0, 2);
    if (breakage === 0) json = json.replace(/\n}$/, ',\n}');
    else if (breakage === 1) json = json.replace('{\n', '{\n // generated by the shop system\n');
    else
      json = json.replace(
        /"description": "([^"]*)"/,
        (_, text: string) => `"description": "${text.replace('. ', '.\n')}"`,
      );
  }
  return `<script type="application/ld+json">\n${json}\n</script>`;
}
