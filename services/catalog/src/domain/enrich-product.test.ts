import { MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import { enrichProduct } from './enrich-product.js';
import { newProductFromOffer } from './new-product.js';
import { readOffer, type OfferFacts } from './offer.js';

const facts = (fields: Partial<MatchProductRequest>): OfferFacts => {
  const result = readOffer(
    MatchProductRequest.fromPartial({ shopId: 's', shopOfferId: 'o', title: 'Philips Hue bulb', ...fields }),
  );
  if (!('offer' in result)) throw new Error('bad offer');
  return result.offer;
};
const now = '2026-11-01T00:00:00.000Z';
const later = '2026-11-02T00:00:00.000Z';
const base = newProductFromOffer({
  id: 'p1',
  offer: facts({ gtin: '4006381333931' }),
  brandId: 'b1',
  categoryPathIds: [],
  now,
});

describe('enrichProduct', () => {
  it('fills gaps from offers and reports the fields that changed', () => {
    const enriched = enrichProduct(
      base,
      [
        {
          offer: facts({
            language: 'de',
            title: 'Philips Hue Lampe',
            description: 'Warmweiss',
            imageUrls: ['https://i.example/a.jpg'],
            mpn: '9290024684',
          }),
          gtin: '00012345678905',
          categoryPathIds: ['c1', 'c2'],
        },
      ],
      later,
    );
    expect(enriched?.changedFields.sort()).toEqual([
      'breadcrumbs',
      'category',
      'description',
      'gtins',
      'images',
      'mpn',
      'name',
    ]);
    expect(enriched?.product).toMatchObject({
      texts: {
        en: { name: 'Philips Hue bulb', description: '' },
        de: { name: 'Philips Hue Lampe', description: 'Warmweiss' },
      },
      images: [expect.objectContaining({ src: 'https://i.example/a.jpg', name: 'a.jpg', alt: 'Philips Hue Lampe' })],
      gtins: ['04006381333931', '00012345678905'],
      mpn: '9290024684',
      categoryId: 'c2',
      categoryPathIds: ['c1', 'c2'],
      updatedAt: later,
    });
  });

  it('never overwrites and answers null when nothing is missing', () => {
    const full = {
      ...base,
      texts: { en: { name: 'Philips Hue bulb', description: 'Kept' } },
      images: [{ id: 'i', name: '', src: 'https://x/1.jpg', alt: '', width: 0, height: 0 }],
      mpn: 'KEEP1',
      categoryId: 'c9',
      categoryPathIds: ['c9'],
    };
    const offer = facts({ description: 'Other', imageUrls: ['https://i.example/b.jpg'], mpn: 'OTHER1' });
    expect(enrichProduct(full, [{ offer, gtin: '04006381333931', categoryPathIds: ['c1'] }], later)).toBeNull();
  });
});
