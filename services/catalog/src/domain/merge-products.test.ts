import { absorbDuplicates } from './merge-products.js';
import type { ProductRecord } from './product.js';

const product = (id: string, fields: Partial<ProductRecord>): ProductRecord => ({
  _id: id,
  slug: id,
  texts: {},
  sortName: id,
  brandId: '',
  categoryId: '',
  categoryPathIds: [],
  images: [],
  gtins: [],
  mpn: '',
  manufacturer: '',
  features: [],
  rating: null,
  status: 'active',
  mergedIntoProductId: '',
  origin: { kind: 'offer_match', shopId: 's', shopOfferId: id },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('absorbDuplicates', () => {
  it('takes every GTIN and only what the target lacks', () => {
    const target = product('t', {
      gtins: ['00000000000017'],
      texts: { en: { name: 'Jura E8', description: '' }, de: { name: 'Jura E8', description: 'Kaffee' } },
      mpn: 'E8',
    });
    const source = product('s', {
      gtins: ['00000000000024', '00000000000017'],
      texts: {
        en: { name: 'JURA E-8 black', description: 'Coffee machine' },
        fr: { name: 'Jura E8 noire', description: '' },
      },
      mpn: '15400',
      categoryId: 'c2',
      categoryPathIds: ['c1', 'c2'],
    });
    const change = absorbDuplicates(target, [source], 'now');
    expect(change?.product).toMatchObject({
      gtins: ['00000000000017', '00000000000024'],
      texts: {
        en: { name: 'Jura E8', description: 'Coffee machine' },
        de: { name: 'Jura E8', description: 'Kaffee' },
        fr: { name: 'Jura E8 noire', description: '' },
      },
      mpn: 'E8',
      categoryId: 'c2',
      categoryPathIds: ['c1', 'c2'],
      updatedAt: 'now',
    });
    expect(change?.changedFields.sort()).toEqual(['breadcrumbs', 'category', 'description', 'gtins', 'name']);
  });

  it('is null when the duplicates add nothing', () => {
    const target = product('t', { gtins: ['00000000000017'], texts: { en: { name: 'A', description: 'B' } } });
    expect(
      absorbDuplicates(
        target,
        [product('s', { gtins: ['00000000000017'], texts: { en: { name: 'C', description: 'D' } } })],
        'now',
      ),
    ).toBeNull();
  });
});
