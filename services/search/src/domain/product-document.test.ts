import { PriceTrend } from '@pc/proto/common/v1/commerce';
import type { CountryPrice } from './price-record.js';
import { productDocument, type ProductSources } from './product-document.js';
import type { ProductRecord } from './product-record.js';

const product: ProductRecord = {
  _id: 'p1',
  version: 3,
  listed: true,
  slug: 'p1',
  names: { en: 'Coffee machine', de: 'Kaffeemaschine', nl: 'Koffiezetapparaat' },
  brand: { id: 'b1', slug: 'delonghi', name: "De'Longhi", productsCount: 4 },
  categoryPath: [
    { id: 'home', slug: 'home', name: 'Home', productsCount: 9 },
    { id: 'coffee', slug: 'coffee', name: 'Coffee machines', productsCount: 3 },
  ],
  gtins: ['04006381333931'],
  displayGtin: '4006381333931',
  mpn: 'EC-9355',
  imageUrl: '',
  rating: 0,
  ratingCount: 0,
  createdAt: 1,
  changedAt: 2,
};
const price = (fields: Partial<CountryPrice>): CountryPrice => ({
  version: 1,
  lowest: 1000,
  highest: 2000,
  currency: 'CHF',
  offers: 2,
  inStock: 0,
  trend: PriceTrend.PRICE_TREND_STABLE,
  dropPercent: 0,
  green: false,
  ...fields,
});
const sources = (fields: Partial<ProductSources>): ProductSources => ({
  product,
  prices: null,
  offers: [],
  clicks: {},
  ...fields,
});

describe('productDocument', () => {
  it('holds per country only what the country has: price, offers, stock, drop, green, shops, rank', () => {
    const doc = productDocument(
      sources({
        prices: {
          _id: 'p1',
          countries: {
            CH: price({ inStock: 1, dropPercent: 12, green: true }),
            DE: price({ lowest: null, offers: 0, currency: 'EUR' }),
          },
        },
        offers: [
          { _id: 'o1', version: 1, productId: 'p1', shopId: 's2', country: 'CH', active: true },
          { _id: 'o2', version: 2, productId: 'p1', shopId: 's1', country: 'CH', active: true },
          { _id: 'o3', version: 3, productId: 'p1', shopId: 's3', country: 'CH', active: false },
        ],
        clicks: { CH: 2 },
      }),
    );
    expect(doc).toMatchObject({
      price_ch: 1000,
      offers_ch: 2,
      instock_ch: 1,
      drop_ch: 12,
      green_ch: 1,
      shops_ch: ['s1', 's2'],
      rank_ch: 22,
      currency_ch: 'CHF',
      countries: ['country:CH'],
    });
    // No active offer left in Germany: not offered there, no price fields.
    expect(doc).not.toHaveProperty('price_de');
    expect(doc).not.toHaveProperty('offers_de');
    expect(doc?.rank_de).toBe(0);
    // Unrated: no rating value, so the rating sort puts it last.
    expect(doc?.rating).toBeNull();
  });

  it('indexes every translation and the codes, and keeps the served languages', () => {
    const doc = productDocument(sources({}));
    expect(doc).toMatchObject({
      name: ['Coffee machine', 'Kaffeemaschine', 'Koffiezetapparaat'],
      name_de: 'Kaffeemaschine',
      codes: ['EC-9355', '4006381333931'],
      gtins: ['04006381333931'],
      category_path: ['home', 'coffee'],
      category_id: 'coffee',
      languages: ['lang:en', 'lang:de'],
    });
  });

  it('has no document for a product not known yet, hidden or merged', () => {
    expect(productDocument(sources({ product: null, prices: { _id: 'p1', countries: { CH: price({}) } } }))).toBeNull();
    expect(productDocument(sources({ product: { ...product, listed: false } }))).toBeNull();
  });
});
