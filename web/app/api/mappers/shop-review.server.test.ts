import { ShopReview, ShopReviewStatus } from '@pc/proto/offers/v1/shop_reviews';
import { Offer } from '@pc/proto/offers/v1/types';
import { offerJson, shopRefJson } from './offer.server';
import { ownShopReviewJson, shopRatingJson, shopRatingRefJson, shopReviewJson } from './shop-review.server';

const at = new Date('2026-05-04T08:30:00Z');
const rating = { value: 4.3, count: 3, distribution: [2, 0, 0, 1, 0], verifiedCount: 2 };

describe('shop reviews and ratings as the API and the pages have them', () => {
  it('writes a review with its author, stars, verified mark and the owner’s reply', () => {
    const review = ShopReview.fromPartial({
      id: 'sr_1',
      shopId: 's1',
      author: 'Vera Visitor',
      rating: 5,
      title: 'Fast and friendly',
      body: 'Ordered Monday, delivered Tuesday.',
      language: 'en',
      publishedAt: at,
      verifiedClick: true,
      status: ShopReviewStatus.SHOP_REVIEW_STATUS_PUBLISHED,
      reply: { body: 'Thank you, Vera!', repliedAt: at },
      own: true,
    });
    expect(shopReviewJson(review)).toEqual({
      id: 'sr_1',
      shop_id: 's1',
      author: 'Vera Visitor',
      published_at: '2026-05-04T08:30:00.000Z',
      rating: { value: 5 },
      title: 'Fast and friendly',
      body: 'Ordered Monday, delivered Tuesday.',
      language: 'en',
      verified: true,
      reply: { body: 'Thank you, Vera!', replied_at: '2026-05-04T08:30:00.000Z' },
    });
  });

  it('gives a deleted account’s review no author, and an empty reply none', () => {
    const review = ShopReview.fromPartial({ id: 'sr_2', author: '', rating: 2, body: 'x', reply: { body: '' } });
    expect(shopReviewJson(review)).toMatchObject({ author: null, title: null, reply: null, verified: false });
  });

  it('says the author of their own review whether staff hid it', () => {
    const hidden = ShopReview.fromPartial({ id: 'sr_3', status: ShopReviewStatus.SHOP_REVIEW_STATUS_HIDDEN });
    expect(ownShopReviewJson(hidden).hidden).toBe(true);
    expect(ownShopReviewJson(ShopReview.fromPartial({ id: 'sr_4', status: 1 })).hidden).toBe(false);
  });

  it('has a rating only once the shop has a published review', () => {
    expect(shopRatingJson(rating)).toEqual({
      value: 4.3,
      count: 3,
      distribution: [2, 0, 0, 1, 0],
      verified_count: 2,
    });
    expect(shopRatingRefJson(rating)).toEqual({ value: 4.3, count: 3 });
    expect(shopRatingJson({ ...rating, count: 0 })).toBeNull();
    expect(shopRatingRefJson(undefined)).toBeNull();
  });

  it('puts the stars on an offer’s shop when it has them, and nothing when it has none', () => {
    expect(shopRefJson({ id: 's1', name: 'S', faviconUrl: '', domain: 's.example', rating })).toEqual({
      id: 's1',
      name: 'S',
      favicon: null,
      rating: { value: 4.3, count: 3 },
    });
    const unrated = offerJson(Offer.fromPartial({ id: 'o', shop: { id: 's2', name: 'T' } }));
    expect(unrated.shop).toEqual({ id: 's2', name: 'T', favicon: null });
    expect('rating' in unrated.shop).toBe(false);
  });
});
