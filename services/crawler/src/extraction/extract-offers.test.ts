import { Availability } from '@pc/proto/common/v1/commerce';
import { extractOffers } from './extract-offers.js';
import { loadHtmlPage } from './html-page.js';
import type { SelectorRules } from './selector-rules.js';

const URL = 'https://shop.example/p/anvil';
const page = (body: string, head = ''): string =>
  `<!doctype html><html lang="de"><head>${head}</head><body>${body}</body></html>`;
const jsonLd = (value: unknown): string => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const extract = (html: string, options = {}) => extractOffers(loadHtmlPage(html, URL), options);

const product = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Anvil',
  sku: 'A-1',
  gtin13: '4006381333931',
  brand: { '@type': 'Brand', name: 'ACME' },
  image: ['/img/anvil.jpg'],
  offers: { '@type': 'Offer', price: '1299.00', priceCurrency: 'CHF', availability: 'https://schema.org/InStock' },
};

describe('extractOffers', () => {
  it('reads JSON-LD first, inside @graph too, with brand, GTIN and image resolved', () => {
    const result = extract(page('', jsonLd({ '@graph': [{ '@type': 'WebPage', name: 'x' }, product] })));
    expect(result.method).toBe('json-ld');
    expect(result.language).toBe('de');
    expect(result.offers).toEqual([
      expect.objectContaining({
        name: 'Anvil',
        price: { amount: 129900, currency: 'CHF' },
        availability: Availability.AVAILABILITY_IN_STOCK,
        gtin: '04006381333931',
        sku: 'A-1',
        brand: 'ACME',
        image: 'https://shop.example/img/anvil.jpg',
        flags: [],
      }),
    ]);
  });

  it('gives each variant of a product group its own offer', () => {
    const group = {
      '@type': 'ProductGroup',
      name: 'Shirt',
      brand: 'Tee Co',
      hasVariant: [
        {
          '@type': 'Product',
          name: 'Shirt S',
          sku: 'S',
          offers: { '@type': 'Offer', price: 19.9, priceCurrency: 'EUR' },
        },
        {
          '@type': 'Product',
          name: 'Shirt XL',
          sku: 'XL',
          offers: { '@type': 'Offer', price: 24.9, priceCurrency: 'EUR', availability: 'OutOfStock' },
        },
      ],
    };
    const offers = extract(page('', jsonLd(group))).offers;
    expect(offers.map((offer) => [offer.sku, offer.price?.amount, offer.brand, offer.availability])).toEqual([
      ['S', 1990, 'Tee Co', Availability.AVAILABILITY_UNKNOWN],
      ['XL', 2490, 'Tee Co', Availability.AVAILABILITY_OUT_OF_STOCK],
    ]);
  });

  it('flags an item priced twice differently instead of picking one', () => {
    const twice = { ...product, offers: [product.offers, { ...product.offers, price: '1199.00' }] };
    expect(extract(page('', jsonLd(twice))).offers).toEqual([
      expect.objectContaining({ price: null, flags: ['conflicting_prices'] }),
    ]);
  });

  it('flags a JSON-LD price that the microdata of the same page contradicts', () => {
    const microdata =
      '<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Anvil</span><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="1399.00"><meta itemprop="priceCurrency" content="CHF"></div></div>';
    const [offer] = extract(page(microdata, jsonLd(product))).offers;
    expect(offer).toMatchObject({ method: 'json-ld', price: null, flags: ['conflicting_prices'] });
    const agreeing = microdata.replace('1399.00', '1299.00');
    expect(extract(page(agreeing, jsonLd(product))).offers[0]).toMatchObject({ price: { amount: 129900 }, flags: [] });
  });

  it('reports an aggregate price range as a range, not as a price', () => {
    const ranged = {
      ...product,
      offers: { '@type': 'AggregateOffer', lowPrice: '10', highPrice: '20', priceCurrency: 'CHF' },
    };
    expect(extract(page('', jsonLd(ranged))).offers[0]).toMatchObject({ price: null, flags: ['price_range'] });
  });

  it('keeps the raw GTIN and flags a wrong check digit', () => {
    const wrong = { ...product, gtin13: '4006381333932' };
    expect(extract(page('', jsonLd(wrong))).offers[0]).toMatchObject({
      gtin: '',
      rawGtin: '4006381333932',
      flags: ['gtin_check_digit'],
    });
  });

  it("assumes the shop's currency only where the page names none", () => {
    const bare = { ...product, offers: { '@type': 'Offer', price: '49.90' } };
    expect(extract(page('', jsonLd(bare))).offers[0]).toMatchObject({ price: null, flags: ['currency_missing'] });
    expect(extract(page('', jsonLd(bare)), { currency: 'CHF' }).offers[0]).toMatchObject({
      price: { amount: 4990, currency: 'CHF' },
      flags: [],
    });
  });

  it("falls back to the shop's selector rules on a page with only visible HTML", () => {
    const html = page(
      `<h1 class="title">Amboss Classic</h1><div class="preis">CHF 1'234.50</div><p class="lager">An Lager</p><span class="ean">EAN 4006381333931</span><img class="hero" src="/a.jpg">`,
    );
    const rules: SelectorRules = {
      name: 'h1.title',
      price: '.preis',
      availability: '.lager',
      gtin: '.ean',
      image: 'img.hero @src',
    };
    expect(extract(html).offers).toEqual([]);
    expect(extract(html, { rules }).offers).toEqual([
      expect.objectContaining({
        method: 'selectors',
        name: 'Amboss Classic',
        price: { amount: 123450, currency: 'CHF' },
        availability: Availability.AVAILABILITY_IN_STOCK,
        image: 'https://shop.example/a.jpg',
        gtin: '04006381333931',
        flags: [],
      }),
    ]);
  });
});
