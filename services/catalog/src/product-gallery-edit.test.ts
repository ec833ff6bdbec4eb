import { status as GrpcStatus } from '@grpc/grpc-js';
import { createServiceClient } from '@pc/kit/grpc/client';
import { UpdateProductRequest } from '@pc/proto/catalog/v1/catalog';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { CatalogAdminHarness, EMBEDDED_STORE, failure } from './test-support/admin-harness.js';

/**
 * The shopping panel's image and attribute edits (UpdateProduct's images and features): http(s)
 * URLs only, each image and attribute once, the whole list replaced in the order given; a bad
 * list changes nothing, a good one is audited with the product before and after.
 */
describe('UpdateProduct: the image gallery and the attributes', () => {
  let h: CatalogAdminHarness;
  let productId = '';
  const edit = (fields: Partial<UpdateProductRequest>) =>
    h.client.updateProduct(
      UpdateProductRequest.fromPartial({ productId, actorUserId: h.adminId, language: 'en', ...fields }),
    );
  const image = (src: string) => ({ id: '', name: '', src, alt: '', width: 0, height: 0 });
  const current = async () => (await h.client.getProduct({ productId, language: 'en' })).product!;

  beforeAll(async () => {
    h = await CatalogAdminHarness.start(EMBEDDED_STORE);
    productId = await h.product({
      shopId: 'sr',
      title: 'De’Longhi Magnifica S coffee machine',
      brand: 'DeLonghi',
      imageUrls: ['https://img.example.test/magnifica.jpg'],
    });
  });
  afterAll(() => h.stop());

  it('refuses a non-http(s) image, a repeated image and a repeated attribute, naming each; nothing changes', async () => {
    const before = await current();
    const refused = await failure(
      edit({
        replaceImages: true,
        images: [
          image('https://img.example.test/a.jpg'),
          image('javascript:alert(1)'),
          image('https://img.example.test/a.jpg'),
        ],
        replaceFeatures: true,
        features: [
          { group: 'Brewing', name: 'Pressure', value: '15 bar' },
          { group: 'brewing', name: 'pressure', value: '19 bar' },
          { group: '', name: 'Colour', value: '' },
        ],
      }),
    );
    expect(refused).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect(refused?.violations?.map((violation) => violation.field).sort()).toEqual([
      'features[1]',
      'features[2].value',
      'images[1].src',
      'images[2]',
    ]);
    const after = await current();
    expect(after.images).toEqual(before.images);
    expect(after.version).toBe(before.version);
  });

  it('replaces, reorders and removes images and attributes, keeping a kept image’s details; audited', async () => {
    const [main] = (await current()).images;
    const { product } = await edit({
      replaceImages: true,
      images: [image('https://img.example.test/magnifica-side.jpg'), main!],
      replaceFeatures: true,
      features: [
        { group: 'Brewing', name: 'Pressure', value: '15 bar' },
        { group: '', name: 'Water tank', value: '1.8 l' },
      ],
    });
    expect(product?.images.map((picture) => picture.src)).toEqual([
      'https://img.example.test/magnifica-side.jpg',
      'https://img.example.test/magnifica.jpg',
    ]);
    expect(product?.images[1]).toEqual(main);
    expect(product?.features).toEqual([
      { group: 'Brewing', name: 'Pressure', value: '15 bar' },
      { group: '', name: 'Water tank', value: '1.8 l' },
    ]);

    const audit = createServiceClient(AuditServiceService, h.catalog.address, { deadlineMs: 20_000 });
    const { entries } = await audit.listAuditEntries({
      actorUserId: h.adminId,
      panel: 'shopping',
      entityType: 'product',
      entityId: productId,
      byUserId: '',
      action: 'product.update',
      page: undefined,
    });
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]?.beforeJson ?? '{}').images).toHaveLength(1);
    expect(JSON.parse(entries[0]?.afterJson ?? '{}').features).toHaveLength(2);

    // An empty list removes them all.
    const { product: bare } = await edit({ replaceImages: true, images: [], replaceFeatures: true, features: [] });
    expect(bare).toMatchObject({ images: [], features: [] });
  });
});
