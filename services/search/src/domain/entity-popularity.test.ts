import {
  clicksField,
  entitiesOfClick,
  entityKey,
  parseEntityKey,
  popularitySince,
  withClicks,
} from './entity-popularity.js';
import type { ProductRecord } from './product-record.js';

const product = (brand: string | null, path: string[]): ProductRecord => ({
  ...({} as ProductRecord),
  _id: 'p1',
  brand: brand ? { id: `b-${brand}`, slug: brand, name: brand, productsCount: 1 } : null,
  categoryPath: path.map((id) => ({ id, slug: id, name: id, productsCount: 1 })),
});

describe('entity popularity', () => {
  it("counts a click for its product's brand, every category of its path and its shop", () => {
    expect(entitiesOfClick(product('zest', ['home', 'kitchen']), 's1')).toEqual([
      'brand:zest',
      'category:home',
      'category:kitchen',
      'shop:s1',
    ]);
    expect(entitiesOfClick(product(null, []), '')).toEqual([]);
    // From a served country's site, each also for that country.
    expect(entitiesOfClick(product('zest', ['home']), 's1', 'DE')).toEqual([
      'brand:zest',
      'brand@de:zest',
      'category:home',
      'category@de:home',
      'shop:s1',
      'shop@de:s1',
    ]);
    expect(entitiesOfClick(product('zest', []), '', 'XX')).toEqual(['brand:zest']);
    // A product search does not know yet: its shop only.
    expect(entitiesOfClick(null, 's1')).toEqual(['shop:s1']);
  });

  it('names entities by kind and document id, and tells them apart again', () => {
    expect(parseEntityKey(entityKey('category', 'a:b'))).toEqual({ kind: 'category', id: 'a:b', country: null });
    expect(parseEntityKey(entityKey('shop', 's1', 'CH'))).toEqual({ kind: 'shop', id: 's1', country: 'CH' });
    for (const key of ['product:p1', 'brand:', ':x', 'brand', 'brand@xx:zest', 'product@ch:p1'])
      expect(parseEntityKey(key)).toBeNull();
  });

  it('sets the clicks of a document, leaving the field out for none', () => {
    expect(withClicks({ id: 'zest', clicks_30d: 4 }, 7)).toEqual({ id: 'zest', clicks_30d: 7 });
    expect(withClicks({ id: 'zest', clicks_30d: 4 }, 0)).toStrictEqual({ id: 'zest' });
    expect(withClicks({ id: 'zest', clicks_30d: 4 }, 2, clicksField('CH'))).toEqual({
      id: 'zest',
      clicks_30d: 4,
      clicks_30d_ch: 2,
    });
  });

  it('counts the 30 UTC days that end today', () => {
    expect(popularitySince(new Date('2026-12-30T23:59:59Z'))).toBe('2026-12-01');
    expect(popularitySince(new Date('2026-12-31T00:00:00Z'))).toBe('2026-12-02');
  });
});
