import { brandIdForKey, categoryIdFor, hashId, productIdForOffer, productIdFromSegment } from './ids.js';

describe('ids', () => {
  it('derives short, URL-safe, stable ids that never contain the "-p" URL marker', () => {
    const id = productIdForOffer('shop-1', 'sku-42');
    expect(id).toMatch(/^[0-9a-hjkmnp-tv-z]{12}$/);
    expect(productIdForOffer('shop-1', 'sku-42')).toBe(id);
    expect(productIdForOffer('shop-1', 'sku-43')).not.toBe(id);
    // The parts are separated, so ("ab", "c") and ("a", "bc") are different offers.
    expect(productIdForOffer('ab', 'c')).not.toBe(productIdForOffer('a', 'bc'));
    expect(brandIdForKey('sony')).toHaveLength(10);
    expect(categoryIdFor('', 'garden')).not.toBe(categoryIdFor('x', 'garden'));
    expect(hashId(['x'], 30)).toHaveLength(30);
  });

  it('reads the id after the last "-p" marker of a URL segment', () => {
    expect(productIdFromSegment('apple-iphone-15-pro-p8k2m4n6q8r0')).toBe('8k2m4n6q8r0');
    expect(productIdFromSegment('8k2m4n6q8r0')).toBe('8k2m4n6q8r0');
  });
});
