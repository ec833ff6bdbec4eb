// The product page's structured data (spec §2.7) and the model it is a variant of (ADR 138), as
// schema.org and Google's product variants read them.
import type { ProductJson } from '~/api/mappers/product.server';
import type { VariantChip } from '~/data/product-page-variants.server';
import { productGroupId } from '~/data/product-group-id.server';
import { productJsonLd } from './product-json-ld';

const origin = 'https://pricecompare.example';

const product = {
  id: 'p256',
  sku: 'p256',
  name: 'Nova Phone 9 256GB Black',
  description: 'A phone.',
  images: [{ id: 'i1', name: 'front', src: '/img/p256.jpg', alt: '' }],
  gtin: '4006381333931',
  mpn: 'NP9-256',
  brand: { id: 'b1', name: 'Nova', slug: 'nova', products_count: 3, route: '/en-ch/brands/nova' },
  rating: { value: 4.5, count: 12, distribution: [] },
  price: { amount: 49900, currency: 'CHF', offers: 4 },
  route: '/en-ch/products/nova-phone-9-256gb-black-pp256',
} as unknown as ProductJson;

const chip = (id: string, name: string, values: VariantChip['values'], price: number | null, current = false) => ({
  id,
  route: `/en-ch/products/${name.toLowerCase().replace(/ /g, '-')}-p${id}`,
  name,
  label: values.map(({ value }) => value).join(' · '),
  values,
  current,
  price: price === null ? null : { amount: price, currency: 'CHF' },
});

const variants = {
  groupId: productGroupId('b1|9 nova phone'),
  chips: [
    chip(
      'p128',
      'Nova Phone 9 128GB White',
      [
        { attribute: 'storage', value: '128 GB' },
        { attribute: 'colour', value: 'White' },
      ],
      39900,
    ),
    chip(
      'p256',
      'Nova Phone 9 256GB Black',
      [
        { attribute: 'storage', value: '256 GB' },
        { attribute: 'colour', value: 'Black' },
      ],
      49900,
      true,
    ),
    chip('p512', 'Nova Phone 9 512GB Black', [{ attribute: 'storage', value: '512 GB' }], null),
  ],
};

/** What the page writes in its script element, read back as a search engine reads it. */
const published = (data: object) => JSON.parse(JSON.stringify(data));

/** The properties Google requires of a Product with offers (Merchant listings / product snippets). */
function expectValidProduct(data: Record<string, unknown>) {
  expect(data['@context']).toBe('https://schema.org');
  expect(data['@type']).toBe('Product');
  expect(typeof data.name).toBe('string');
  expect(data.offers).toEqual(
    expect.objectContaining({
      '@type': 'AggregateOffer',
      lowPrice: expect.stringMatching(/^\d+\.\d\d$/),
      priceCurrency: 'CHF',
    }),
  );
}

describe('the product page structured data', () => {
  it('describes a product without variants as a Product with its offers, and no product group', () => {
    for (const without of [
      undefined,
      { chips: null, groupId: '' },
      { chips: [], groupId: productGroupId('b1|9 nova phone') },
    ]) {
      const data = published(productJsonLd(product, { amount: 59900, currency: 'CHF' }, origin, without));
      expectValidProduct(data);
      expect(data).toEqual({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Nova Phone 9 256GB Black',
        description: 'A phone.',
        image: ['/img/p256.jpg'],
        sku: 'p256',
        gtin13: '4006381333931',
        mpn: 'NP9-256',
        brand: { '@type': 'Brand', name: 'Nova' },
        aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 12 },
        offers: {
          '@type': 'AggregateOffer',
          lowPrice: '499.00',
          highPrice: '599.00',
          offerCount: 4,
          priceCurrency: 'CHF',
          url: `${origin}/en-ch/products/nova-phone-9-256gb-black-pp256`,
        },
      });
    }
  });

  it('lists no product group when the only variant listed is the product itself', () => {
    const alone = { groupId: variants.groupId, chips: [variants.chips[1]!] };
    const data = published(productJsonLd(product, null, origin, alone));
    expect(data.isVariantOf).toBeUndefined();
    expect(data.inProductGroupWithID).toBeUndefined();
  });

  it('names the model the product is a variant of, what its variants differ in, and each of them with its lowest price', () => {
    const data = published(productJsonLd(product, null, origin, variants));
    expectValidProduct(data);
    const groupID = productGroupId('b1|9 nova phone');
    // The product's own values: a colour as schema.org/color, storage as a PropertyValue.
    expect(data.color).toBe('Black');
    expect(data.additionalProperty).toEqual([{ '@type': 'PropertyValue', name: 'Storage', value: '256 GB' }]);
    expect(data.inProductGroupWithID).toBe(groupID);
    expect(data.isVariantOf).toEqual({
      '@type': 'ProductGroup',
      productGroupID: groupID,
      name: 'Nova Phone 9',
      brand: { '@type': 'Brand', name: 'Nova' },
      // Only the properties Google reads in variesBy; storage is stated on each variant instead.
      variesBy: ['https://schema.org/color'],
      hasVariant: [
        {
          '@type': 'Product',
          name: 'Nova Phone 9 128GB White',
          url: `${origin}/en-ch/products/nova-phone-9-128gb-white-pp128`,
          color: 'White',
          additionalProperty: [{ '@type': 'PropertyValue', name: 'Storage', value: '128 GB' }],
          offers: {
            '@type': 'AggregateOffer',
            lowPrice: '399.00',
            priceCurrency: 'CHF',
            url: `${origin}/en-ch/products/nova-phone-9-128gb-white-pp128`,
          },
        },
        {
          // No offer in the visitor's country: no offers stated.
          '@type': 'Product',
          name: 'Nova Phone 9 512GB Black',
          url: `${origin}/en-ch/products/nova-phone-9-512gb-black-pp512`,
          additionalProperty: [{ '@type': 'PropertyValue', name: 'Storage', value: '512 GB' }],
        },
      ],
    });
  });

  it('states letter sizes as schema.org/size and names no variesBy when no variant differs in one Google reads', () => {
    const sized = {
      groupId: productGroupId('b2|tee'),
      chips: [
        chip('s', 'Tee S', [{ attribute: 'size', value: 'S' }], 1990, true),
        chip('m', 'Tee M', [{ attribute: 'size', value: 'M' }], 1990),
      ],
    };
    const shirt = published(productJsonLd(product, null, origin, sized));
    expect(shirt.size).toBe('S');
    expect(shirt.isVariantOf.variesBy).toEqual(['https://schema.org/size']);
    expect(shirt.isVariantOf.hasVariant[0].size).toBe('M');
    const packs = {
      groupId: productGroupId('b3|pods'),
      chips: [
        chip('x', 'Pods 10 pack', [{ attribute: 'pack', value: '10 pack' }], 990, true),
        chip('y', 'Pods 20 pack', [{ attribute: 'pack', value: '20 pack' }], 1790),
      ],
    };
    const pods = published(productJsonLd(product, null, origin, packs));
    expect(pods.isVariantOf.variesBy).toBeUndefined();
    expect(pods.isVariantOf.hasVariant[0].additionalProperty).toEqual([
      { '@type': 'PropertyValue', name: 'Pack size', value: '20 pack' },
    ]);
  });

  it('derives one short, stable product group id per model key', () => {
    expect(productGroupId('b1|9 nova phone')).toBe(productGroupId('b1|9 nova phone'));
    expect(productGroupId('b1|9 nova phone')).toMatch(/^model-[0-9a-f]{16}$/);
    expect(productGroupId('b1|9 nova phone')).not.toBe(productGroupId('b1|10 nova phone'));
  });
});
