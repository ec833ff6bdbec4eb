import { Product } from '@pc/proto/catalog/v1/types';
import { PriceTrend } from '@pc/proto/common/v1/commerce';
import { ProductPriceSummary } from '@pc/proto/offers/v1/types';
import { apiLocale } from '../http/api-locale.server';
import { productJson } from './product.server';

const product = Product.fromPartial({
  id: 'K7f2',
  slug: 'sony-wh-1000xm5',
  name: 'Sony WH-1000XM5',
  description: 'Wireless headphones',
  language: 'de',
  brand: { id: 'b1', slug: 'sony', name: 'Sony', productsCount: 412 },
  category: { id: 'headphones', slug: 'kopfhoerer', name: 'Kopfhörer', productsCount: 96 },
  breadcrumbs: [{ id: 'audio', slug: 'audio', name: 'Audio', productsCount: 300 }],
  images: [{ id: 'i1', name: 'front.jpg', src: 'https://img.test/front.jpg', alt: 'Front', width: 800, height: 600 }],
  displayGtin: '4548736132610',
  gtins: ['04548736132610'],
  mpn: 'WH1000XM5B.CE7',
  features: [{ group: 'Audio', name: 'Driver', value: '30 mm' }],
  rating: { value: 4.56, count: 25, distribution: [15, 6, 2, 1, 1] },
  createdAt: new Date('2026-01-02T03:04:05Z'),
});
const locale = apiLocale('de-ch');

describe('productJson (spec §3 Product)', () => {
  it('names the fields as the spec does and links into the locale', () => {
    const summary = ProductPriceSummary.fromPartial({
      productId: 'K7f2',
      country: 'CH',
      lowestPrice: { amountMinor: 27900, currency: 'CHF' },
      offersCount: 7,
      inStockOffersCount: 5,
      trend: PriceTrend.PRICE_TREND_DOWN,
      hasGreenOffer: true,
    });
    expect(productJson(product, { known: true, summary }, locale)).toMatchObject({
      id: 'K7f2',
      _id: 'K7f2',
      sku: 'K7f2',
      key: 'sony-wh-1000xm5',
      brand: { name: 'Sony', slug: 'sony', products_count: 412, route: '/de-ch/brands/sony' },
      category: { id: 'headphones', name: 'Kopfhörer', products_count: 96 },
      breadcrumbs: [{ id: 'audio', name: 'Audio', products_count: 300, route: '/de-ch/categories/audio' }],
      images: [{ id: 'i1', name: 'front.jpg', src: 'https://img.test/front.jpg', alt: 'Front' }],
      image: 'https://img.test/front.jpg',
      price: { amount: 27900, currency: 'CHF', offers: 7 },
      offers: 7,
      inventory: 5,
      currency: 'CHF',
      trend: 'down',
      is_green: true,
      rating: { value: 4.56, count: 25, distribution: [15, 6, 2, 1, 1] },
      gtin: '4548736132610',
      mpn: 'WH1000XM5B.CE7',
      manufacturer: null,
      features: [{ group: 'Audio', name: 'Driver', value: '30 mm' }],
      route: '/de-ch/products/sony-wh-1000xm5-pK7f2',
      admin_href: '/admin/shopping/products/K7f2',
      created_at: '2026-01-02T03:04:05.000Z',
    });
  });

  it('says "no offers" (0) apart from "prices unknown" (null) when offers did not answer', () => {
    const none = productJson(product, { known: true, summary: undefined }, locale);
    expect([none.price, none.offers, none.inventory]).toEqual([null, 0, 0]);
    const unknown = productJson(product, { known: false }, locale);
    expect([unknown.price, unknown.offers, unknown.inventory]).toEqual([null, null, null]);
  });

  it('leaves out what a product does not have: brand, category, images, rating', () => {
    const bare = productJson(
      Product.fromPartial({ id: 'x1', slug: '', name: 'Bare' }),
      { known: true, summary: undefined },
      locale,
    );
    expect(bare).toMatchObject({
      brand: null,
      category: null,
      image: null,
      rating: null,
      gtin: null,
      route: '/de-ch/products/x1',
    });
  });
});
