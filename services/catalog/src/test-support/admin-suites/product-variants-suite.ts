import { status as GrpcStatus } from '@grpc/grpc-js';
import { UpdateProductRequest } from '@pc/proto/catalog/v1/catalog';
import { ProductStatus } from '@pc/proto/catalog/v1/types';
import { CatalogAdminHarness, failure, type CatalogStore } from '../admin-harness.js';
import { testGtin } from '../gtins.js';

/** ListProductVariants as the product page asks it (ADR 138), on one store. */
export function describeProductVariants(store: CatalogStore): void {
  describe(`ListProductVariants over gRPC (${store.name})`, () => {
    let h: CatalogAdminHarness;
    const ids: Record<string, string> = {};
    const offers: Record<string, { title: string; brand: string; category: string }> = {
      phone128: { title: 'Zeta Nova 9 Smartphone 128 GB', brand: 'Zeta', category: 'Phones' },
      phone256: { title: 'Zeta Nova 9 Smartphone 256 GB', brand: 'Zeta', category: 'Phones' },
      phone512: { title: 'Zeta Nova 9 Smartphone 512 GB', brand: 'Zeta', category: 'Phones' },
      phonePro: { title: 'Zeta Nova 9 Pro Smartphone 256 GB', brand: 'Zeta', category: 'Phones' },
      xm4: { title: 'Sony WH-1000XM4 Wireless Headphones Black', brand: 'Sony', category: 'Headphones' },
      xm5Black: { title: 'Sony WH-1000XM5 Wireless Headphones Black', brand: 'Sony', category: 'Headphones' },
      xm5Silver: { title: 'Sony WH-1000XM5 Wireless Headphones Silver', brand: 'Sony', category: 'Headphones' },
      xm5Blue: { title: 'Sony WH-1000XM5 Wireless Headphones Blue', brand: 'Sony', category: 'Headphones' },
    };
    const variants = async (productId: string, language = 'en') =>
      (await h.client.listProductVariants({ productId, language, limit: 0 })).variants;
    const update = async (productId: string, fields: Partial<UpdateProductRequest>) => {
      const current = await h.client.getProduct({ productId, language: 'en' });
      await h.client.updateProduct(
        UpdateProductRequest.fromPartial({
          productId,
          actorUserId: h.adminId,
          language: 'en',
          expectedVersion: current.product?.version ?? 0,
          ...fields,
        }),
      );
    };

    beforeAll(async () => {
      h = await CatalogAdminHarness.start(store);
      let n = 0;
      for (const [name, { title, brand, category }] of Object.entries(offers)) {
        n += 1;
        ids[name] = await h.product({
          shopId: 'variants',
          shopOfferId: name,
          title,
          brand,
          gtin: testGtin(70, n),
          categoryPath: `Electronics > ${category}`,
        });
      }
    });
    afterAll(() => h.stop());

    it('lists the storage sizes of one model in order, the product itself marked, another model left out', async () => {
      expect(new Set(Object.values(ids)).size).toBe(Object.keys(offers).length);
      const listed = await variants(ids.phone256!);
      expect(listed.map((variant) => [variant.productId, variant.attributes, variant.current])).toEqual([
        [ids.phone128, [{ attribute: 'storage', value: '128 GB' }], false],
        [ids.phone256, [{ attribute: 'storage', value: '256 GB' }], true],
        [ids.phone512, [{ attribute: 'storage', value: '512 GB' }], false],
      ]);
      expect(listed[0]).toMatchObject({ name: offers.phone128!.title, slug: expect.stringContaining('nova-9') });
      // "Pro" is another model of the line, not a variant: it has none.
      expect(await variants(ids.phonePro!)).toEqual([]);
    });

    it('lists colours of one model and keeps the model before it apart (WH-1000XM4 / XM5)', async () => {
      const listed = await variants(`sony-wh-1000xm5-p${ids.xm5Silver}`);
      expect(listed.map((variant) => [variant.productId, variant.attributes, variant.current])).toEqual([
        [ids.xm5Black, [{ attribute: 'colour', value: 'Black' }], false],
        [ids.xm5Blue, [{ attribute: 'colour', value: 'Blue' }], false],
        [ids.xm5Silver, [{ attribute: 'colour', value: 'Silver' }], true],
      ]);
      expect(await variants(ids.xm4!)).toEqual([]);
    });

    it('names a colour as the name in the page language writes it', async () => {
      await update(ids.xm5Blue!, {
        texts: [{ language: 'de', name: 'Sony WH-1000XM5 Kopfhörer Blau', description: '' }],
      });
      const listed = await variants(ids.xm5Black!, 'de');
      expect(listed.find((variant) => variant.productId === ids.xm5Blue)?.attributes).toEqual([
        { attribute: 'colour', value: 'Blau' },
      ]);
    });

    it('leaves a hidden variant out, and a renamed one once its name names another model', async () => {
      await update(ids.phone512!, { status: ProductStatus.PRODUCT_STATUS_HIDDEN });
      await update(ids.phone128!, {
        texts: [{ language: 'en', name: 'Zeta Nova 10 Smartphone 128 GB', description: '' }],
      });
      expect(await variants(ids.phone256!)).toEqual([]);
      await update(ids.phone128!, {
        texts: [{ language: 'en', name: 'Zeta Nova 9 Smartphone, 128 GB', description: '' }],
      });
      expect((await variants(ids.phone256!)).map((variant) => variant.productId)).toEqual([ids.phone128, ids.phone256]);
      // A hidden product's page does not exist.
      const hidden = await failure(
        h.client.listProductVariants({ productId: ids.phone512!, language: 'en', limit: 0 }),
      );
      expect(hidden?.code).toBe(GrpcStatus.NOT_FOUND);
    });

    it('answers INVALID_ARGUMENT naming a missing or malformed product id and a limit over 24', async () => {
      for (const [productId, limit, field] of [
        ['', 0, 'product_id'],
        ['not an id!', 0, 'product_id'],
        [ids.phone256!, 25, 'limit'],
      ] as const) {
        const error = await failure(h.client.listProductVariants({ productId, language: 'en', limit }));
        expect(error?.code).toBe(GrpcStatus.INVALID_ARGUMENT);
        expect(error?.violations?.map((violation) => violation.field)).toEqual([field]);
      }
      const unknown = await failure(
        h.client.listProductVariants({ productId: 'zzzzzzzzzzzz', language: 'en', limit: 0 }),
      );
      expect(unknown?.code).toBe(GrpcStatus.NOT_FOUND);
    });
  });
}
