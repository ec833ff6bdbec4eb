import type { ProductRecord } from '../domain/product.js';
import { productChangedEvent, productCreatedEvent } from './product-events.js';

/** The site drops its siblings' kept variants blocks by the model key the events carry (ADR 138). */

const NO_RELATIONS = { brand: undefined, categoryPath: [] };

function product(name: string, brandId = 'zeta'): ProductRecord {
  return {
    _id: 'p1',
    slug: 'p1',
    texts: { en: { name, description: '' } },
    sortName: name.toLowerCase(),
    brandId,
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
    origin: { kind: 'offer_match', shopId: 's', shopOfferId: 'o1' },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('product events and the model key', () => {
  it('name the model a new product joins, as the repository stores it', () => {
    // Written before the repository derives the key: the event derives it itself.
    const event = productCreatedEvent(product('Zeta Nova 9 Smartphone 256 GB Blue'), 1, NO_RELATIONS);
    expect(event.payload.modelKey).toBe('zeta|9 nova smartphone zeta');
    expect(productCreatedEvent(product('Nova 9', ''), 1, NO_RELATIONS).payload.modelKey).toBe('');
  });

  it('name the model after a change, and the one before when the change moved the product', () => {
    const renamed = productChangedEvent(
      product('Zeta Nova 10 Smartphone 256 GB'),
      2,
      NO_RELATIONS,
      ['name'],
      product('Zeta Nova 9 Smartphone 256 GB'),
    );
    expect(renamed.payload).toMatchObject({
      modelKey: 'zeta|10 nova smartphone zeta',
      previousModelKey: 'zeta|9 nova smartphone zeta',
    });
    const recoloured = productChangedEvent(
      product('Zeta Nova 9 Smartphone 256 GB Red'),
      2,
      NO_RELATIONS,
      ['name'],
      product('Zeta Nova 9 Smartphone 256 GB Blue'),
    );
    expect(recoloured.payload).toMatchObject({ modelKey: 'zeta|9 nova smartphone zeta', previousModelKey: '' });
  });
});
