import { slugify } from './slug.js';
import { productSlug } from './new-product.js';

describe('slugify', () => {
  it('folds accents, spells out the letters NFKD keeps, and joins words by dashes', () => {
    expect(slugify('Apple iPhone 15 Pro (128 GB)')).toBe('apple-iphone-15-pro-128-gb');
    expect(slugify('Weißbier Glas – Ø 8 cm')).toBe('weissbier-glas-o-8-cm');
    expect(slugify('Téléphones mobiles')).toBe('telephones-mobiles');
    expect(slugify('Galaxy S24+')).toBe('galaxy-s24-plus');
    expect(slugify('中文')).toBe('');
  });

  it('cuts long slugs at a word boundary', () => {
    const slug = slugify('word '.repeat(40), 22);
    expect(slug).toBe('word-word-word-word');
  });

  it('builds product slugs from brand and name without repeating the brand', () => {
    expect(productSlug('Sony', 'Sony WH-1000XM5 headphones')).toBe('sony-wh-1000xm5-headphones');
    expect(productSlug('Sony', 'WH-1000XM5 headphones')).toBe('sony-wh-1000xm5-headphones');
    expect(productSlug('', '中文')).toBe('product');
  });
});
