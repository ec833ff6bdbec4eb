import { Brand, Category, Product, Review } from '@pc/proto/catalog/v1/types';
import { Availability, PriceTrend } from '@pc/proto/common/v1/commerce';
import { GetPriceHistoryResponse } from '@pc/proto/offers/v1/offers';
import { ShopReview, ShopReviewStatus } from '@pc/proto/offers/v1/shop_reviews';
import { Offer, ProductPriceSummary, Shop, ShopStatus } from '@pc/proto/offers/v1/types';
import { BrandHit, CategoryHit, Facet, FacetType, FacetValue, ProductHit, ShopHit } from '@pc/proto/search/v1/types';
import { apiLocale } from '~/api/http/api-locale.server';
import { brandJson, categoryJson, shopJson } from '~/api/mappers/entities.server';
import { facetsJson } from '~/api/mappers/list-meta.server';
import { offerJson } from '~/api/mappers/offer.server';
import { priceHistoryJson } from '~/api/mappers/price-history.server';
import { productJson } from '~/api/mappers/product.server';
import { reviewJson } from '~/api/mappers/review.server';
import { shopRatingJson, shopReviewJson } from '~/api/mappers/shop-review.server';
import { brandHitJson, categoryHitJson, productHitJson, shopHitJson } from '~/api/mappers/search-hits.server';
import { apiRoutePaths } from './api-request-handler';
import { OpenApiContract } from './openapi-contract';

describe('docs/api/openapi.yaml', () => {
  const contract = new OpenApiContract();

  it('documents exactly the API routes the site serves', () => {
    const served = [...apiRoutePaths().values()].map((path) => path.replace(/:([a-z]+)/g, '{$1}')).sort();
    expect(contract.paths().sort()).toEqual(served);
  });

  it('documents for every account operation a success, a 400 where it takes input, a 404 where it addresses an entity', () => {
    for (const [operation, { statuses, takesInput }] of contract.operations('account')) {
      const redirectsOnly = statuses.every((s) => s.startsWith('3'));
      expect({ operation, success: statuses.some((s) => /^[23]/.test(s)) }).toEqual({ operation, success: true });
      if (takesInput && !redirectsOnly)
        expect({ operation, statuses }).toEqual({ operation, statuses: expect.arrayContaining(['400']) });
      if (operation.includes('{'))
        expect({ operation, statuses }).toEqual({ operation, statuses: expect.arrayContaining(['404']) });
    }
  });

  it('documents for every endpoint its success, a bad parameter and, for addressed entities, not found', () => {
    for (const [path, statuses] of contract.documented()) {
      expect({ path, has200: statuses.includes('200'), has400: statuses.includes('400') }).toEqual({
        path,
        has200: true,
        has400: true,
      });
      if (path.includes('{')) expect({ path, statuses }).toEqual({ path, statuses: expect.arrayContaining(['404']) });
    }
  });

  it('compiles every account response schema and rejects a body that breaks one', () => {
    for (const [operation, { statuses }] of contract.operations('account')) {
      const [method = '', path = ''] = operation.split(' ');
      for (const status of statuses) {
        if (['204', '302'].includes(status)) continue;
        expect(() => contract.checkOperation(method.toLowerCase() as 'post', path, Number(status), undefined)).toThrow(
          'does not match',
        );
      }
    }
  });

  it('compiles every response schema and rejects a body that breaks one', () => {
    for (const [path, statuses] of contract.documented()) {
      for (const status of statuses)
        if (status !== '301') expect(() => contract.check(path, Number(status), undefined)).toThrow('does not match');
    }
    expect(() => contract.check('/api/brands/{slug}', 404, { message: 'Not found' })).not.toThrow();
    expect(() => contract.check('/api/brands/{slug}', 404, { message: 'brand nokia not found' })).toThrow(
      'does not match',
    );
    expect(() => contract.check('/api/brands', 400, { message: 'Invalid request', errors: [] })).toThrow(
      'does not match',
    );
  });
});

describe('the JSON the mappers build matches the documented schemas', () => {
  const contract = new OpenApiContract();
  const locale = apiLocale('fr-ch');
  const at = new Date('2026-11-20T10:00:00Z');

  it('products and product cards, with and without prices', () => {
    const product = Product.fromPartial({
      id: 'K7f2',
      slug: 'sony-wh-1000xm5',
      name: 'Sony WH-1000XM5',
      language: 'en',
      brand: { id: 'b1', slug: 'sony', name: 'Sony', productsCount: 2 },
      category: { id: 'headphones', slug: 'casques', name: 'Casques', productsCount: 3 },
      breadcrumbs: [{ id: 'audio', slug: 'audio', name: 'Audio', productsCount: 9 }],
      images: [{ id: 'i1', name: 'front', src: 'https://img.test/1.jpg', alt: 'Front' }],
      features: [{ group: '', name: 'Weight', value: '250 g' }],
      rating: { value: 4.5, count: 2, distribution: [1, 1, 0, 0, 0] },
      createdAt: at,
    });
    const summary = ProductPriceSummary.fromPartial({
      productId: 'K7f2',
      lowestPrice: { amountMinor: 27900, currency: 'CHF' },
      offersCount: 2,
      trend: PriceTrend.PRICE_TREND_UP,
    });
    contract.checkSchema('ProductResponse', { data: productJson(product, { known: true, summary }, locale) });
    contract.checkSchema('ProductResponse', {
      data: productJson(Product.fromPartial({ id: 'x', name: 'Bare' }), { known: false }, locale),
    });
    const hit = ProductHit.fromPartial({
      productId: 'K7f2',
      slug: 's',
      name: 'n',
      brandSlug: 'sony',
      brandName: 'Sony',
      lowestPrice: { amountMinor: 1, currency: 'CHF' },
      offersCount: 1,
      rating: 4,
      ratingCount: 2,
      highlights: { name: '<em>n</em>' },
    });
    contract.checkSchema('ProductCard', productHitJson(hit, locale));
    contract.checkSchema('ProductCard', productHitJson(ProductHit.fromPartial({ productId: 'x' }), locale));
  });

  it('offers, reviews, brands, categories, shops and their cards', () => {
    contract.checkSchema(
      'Offer',
      offerJson(
        Offer.fromPartial({
          id: 'o',
          locationId: 'l',
          shop: { id: 's', name: 'S' },
          price: { amountMinor: 1, currency: 'EUR' },
          displayPrice: { amountMinor: 1, currency: 'CHF' },
          availability: Availability.AVAILABILITY_SOLD_OUT,
          observedAt: at,
        }),
      ),
    );
    contract.checkSchema(
      'Review',
      reviewJson(
        Review.fromPartial({
          id: 'r',
          productId: 'p',
          author: 'A',
          rating: 5,
          body: 'b',
          language: 'en',
          publishedAt: at,
        }),
      ),
    );
    contract.checkSchema('BrandResponse', {
      data: brandJson(Brand.fromPartial({ id: 'b', slug: 'sony', name: 'Sony', productsCount: 2 }), locale),
    });
    contract.checkSchema('CategoryResponse', {
      data: categoryJson(
        Category.fromPartial({
          id: 'c',
          name: 'C',
          ancestors: [{ id: 'a', name: 'A' }],
          meta: { title: 't', description: 'd', keywords: ['k'] },
        }),
        locale,
      ),
    });
    contract.checkSchema('ShopResponse', {
      data: shopJson(
        Shop.fromPartial({
          id: 's',
          name: 'S',
          domain: 's.example',
          status: ShopStatus.SHOP_STATUS_ACTIVE,
          countries: ['CH'],
          registeredAt: at,
        }),
        locale,
      ),
    });
    contract.checkSchema(
      'BrandCard',
      brandHitJson(BrandHit.fromPartial({ brandId: 'b', slug: 'sony', name: 'Sony' }), locale),
    );
    contract.checkSchema(
      'ShopCard',
      shopHitJson(ShopHit.fromPartial({ shopId: 's', name: 'S', countries: ['CH'] }), locale),
    );
    contract.checkSchema(
      'CategoryCard',
      categoryHitJson(CategoryHit.fromPartial({ categoryId: 'c', name: 'C', path: ['Audio'] }), locale),
    );
  });

  it('shop reviews, the rating of a shop and its stars on offers and shop cards', () => {
    const rating = { value: 4.3, count: 3, distribution: [2, 0, 0, 1, 0], verifiedCount: 1 };
    const offer = offerJson(
      Offer.fromPartial({
        id: 'o',
        locationId: 'l',
        shop: { id: 's', name: 'S', rating },
        price: { amountMinor: 1, currency: 'CHF' },
      }),
    );
    expect(offer.shop).toEqual({ id: 's', name: 'S', favicon: null, rating: { value: 4.3, count: 3 } });
    contract.checkSchema('Offer', offer);
    const shop = shopJson(Shop.fromPartial({ id: 's', name: 'S', rating }), locale);
    expect(shop.rating).toEqual({ value: 4.3, count: 3, distribution: [2, 0, 0, 1, 0], verified_count: 1 });
    contract.checkSchema('ShopResponse', { data: shop });
    const card = shopHitJson(ShopHit.fromPartial({ shopId: 's', name: 'S', rating: 4.3, ratingCount: 3 }), locale);
    expect(card.rating).toEqual({ value: 4.3, count: 3 });
    contract.checkSchema('ShopCard', card);
    const review = (fields: Partial<ShopReview>) =>
      shopReviewJson(
        ShopReview.fromPartial({
          id: 'sr_1',
          shopId: 's',
          rating: 4,
          body: 'Fast delivery, well packed.',
          language: 'de',
          publishedAt: at,
          status: ShopReviewStatus.SHOP_REVIEW_STATUS_PUBLISHED,
          ...fields,
        }),
      );
    const replied = review({
      author: 'Vera',
      title: 'Quick',
      verifiedClick: true,
      reply: { body: 'Thank you!', repliedAt: at },
    });
    expect(replied).toMatchObject({ author: 'Vera', verified: true, reply: { body: 'Thank you!' } });
    // An empty author is a deleted account: null, for the site to say "former user".
    const former = review({});
    expect(former).toMatchObject({ author: null, title: null, verified: false, reply: null });
    for (const body of [replied, former]) contract.checkSchema('ShopReview', body);
    expect(shopRatingJson(undefined)).toBeNull();
    contract.checkSchema('ShopRating', shopRatingJson(rating));
    contract.checkSchema('ShopRating', null);
  });

  it('a price history', () => {
    const history = GetPriceHistoryResponse.fromPartial({
      productId: 'p',
      country: 'CH',
      currency: 'CHF',
      timeRange: { start: at, end: at },
      dailyLows: [{ day: at, low: { amountMinor: 1, currency: 'CHF' }, offersCount: 1 }],
      offers: [
        { offerId: 'o', shop: { id: 's', name: 'S' }, points: [{ at, price: { amountMinor: 1, currency: 'CHF' } }] },
      ],
    });
    contract.checkSchema('PriceHistory', priceHistoryJson(history));
  });

  it('facets: terms, ranges and a numeric specification refined by a range', () => {
    const value = (text: string, number?: number) =>
      FacetValue.fromPartial({ value: text, label: text, count: 1, selected: true, number });
    const facets = facetsJson([
      Facet.fromPartial({ name: 'brand', type: FacetType.FACET_TYPE_TERMS, values: [value('sony')] }),
      Facet.fromPartial({
        name: 'price',
        type: FacetType.FACET_TYPE_RANGE,
        stats: { min: 1, max: 2, avg: 1, count: 2 },
      }),
      Facet.fromPartial({
        name: 'spec:power',
        type: FacetType.FACET_TYPE_TERMS,
        label: 'Power',
        count: 3,
        values: [value('800 W', 800), value('1,200 W', 1200)],
        stats: { min: 800, max: 1200, avg: 1000, count: 3 },
        numeric: true,
        unit: 'W',
        chosenMax: 1200,
      }),
      Facet.fromPartial({
        name: 'spec:weight',
        type: FacetType.FACET_TYPE_TERMS,
        values: [value('1 kg')],
        chosenMin: 1,
      }),
    ]);
    expect(facets['spec:power']).toHaveProperty('numeric.unit', 'W');
    for (const facet of Object.values(facets)) contract.checkSchema('Facet', facet);
  });
});
