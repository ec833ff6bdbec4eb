import { status as GrpcStatus } from '@grpc/grpc-js';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { ProductOrigin } from '@pc/proto/catalog/events/v1/events';
import { MatchMethod, MoveOfferLinksRequest } from '@pc/proto/catalog/v1/catalog';
import { Events } from '@pc/proto/event-catalog';
import { normalizeGtin } from '../../matching/gtin.js';
import { offer } from '../catalog-harness.js';
import { CatalogAdminHarness, type CatalogStore, eventually, failure } from '../admin-harness.js';
import { testGtin } from '../gtins.js';

/**
 * A split to a new product, GTINs moving with a split (ADR 065): staff:shopping only, bad input
 * refused naming the field with nothing changed, the new product created as matching creates one
 * (ProductCreated, title keys) carrying the picked offers' links and GTINs, audited.
 */
export function describeProductSplits(store: CatalogStore): void {
  describe(`catalog split: to a new product, with GTINs (${store.name})`, () => {
    let h: CatalogAdminHarness;
    let shopper = '';
    let crawlerStaff = '';
    let source = '';
    const TITLE = 'Garmin Forerunner 265 running watch black';
    const [G1, G2] = [testGtin(65, 1), testGtin(65, 2)];
    const gtin14 = (gtin: string) => normalizeGtin(gtin) ?? '';
    const auditEntries = (action: string) => h.auditEntries(shopper, action);
    const split = (fields: Partial<MoveOfferLinksRequest>) =>
      h.client.moveOfferLinks(
        MoveOfferLinksRequest.fromPartial({ actorUserId: shopper, productId: source, reason: 'Two models', ...fields }),
      );
    const productOf = async (productId: string) => (await h.client.getProduct({ productId, language: 'en' })).product;

    beforeAll(async () => {
      h = await CatalogAdminHarness.start(store);
      shopper = await h.staffUser('splitter@catalog.test', AdminPanel.ADMIN_PANEL_SHOPPING);
      crawlerStaff = await h.staffUser('crawler@catalog.test', AdminPanel.ADMIN_PANEL_CRAWLER);
      source = await h.product({
        shopId: 'shop-a',
        shopOfferId: 'a1',
        title: TITLE,
        brand: 'Garmin',
        gtin: G1,
        categoryPath: 'Electronics > Wearables',
      });
      // The same listing's second barcode (the 265S) comes through its own link.
      await h.client.matchProduct(
        offer({ shopId: 'shop-a', shopOfferId: 'a1', title: TITLE, brand: 'Garmin', gtin: G2 }),
      );
      for (const [shopId, gtin] of [
        ['shop-b', G2],
        ['shop-c', G1],
      ] as const)
        expect(
          (await h.client.matchProduct(offer({ shopId, shopOfferId: 'x', title: TITLE, brand: 'Garmin', gtin })))
            .productId,
        ).toBe(source);
      expect((await productOf(source))?.gtins).toEqual([gtin14(G1), gtin14(G2)]);
    });
    afterAll(() => h.stop());

    const NEW_PRODUCT = {
      texts: [
        { language: 'en', name: 'Garmin Forerunner 265S running watch', description: 'The small one.' },
        { language: 'de', name: 'Garmin Forerunner 265S Laufuhr', description: '' },
      ],
      brandId: '',
      categoryId: '',
    };
    const B = { shopId: 'shop-b', shopOfferId: 'x' };

    it("refuses another panel's role and bad input, changing nothing", async () => {
      expect(await failure(split({ actorUserId: crawlerStaff, offers: [B], newProduct: NEW_PRODUCT }))).toMatchObject({
        code: GrpcStatus.PERMISSION_DENIED,
      });
      const refusals: [Partial<MoveOfferLinksRequest>, string][] = [
        [{ offers: [B], newProduct: NEW_PRODUCT, gtins: [testGtin(65, 9)] }, 'gtins[0]'],
        [{ offers: [B], newProduct: NEW_PRODUCT, gtins: ['12345'] }, 'gtins[0]'],
        [{ offers: [B], newProduct: { ...NEW_PRODUCT, texts: [NEW_PRODUCT.texts[1]!] } }, 'new_product.texts'],
        [{ offers: [B], newProduct: { ...NEW_PRODUCT, brandId: 'no-such-brand' } }, 'new_product.brand_id'],
        [{ offers: [B], newProduct: { ...NEW_PRODUCT, categoryId: 'no-such-category' } }, 'new_product.category_id'],
        [{ offers: [B], newProduct: NEW_PRODUCT, targetProductId: source }, 'target_product_id'],
        [{ offers: [{ shopId: 'shop-z', shopOfferId: 'nope' }], newProduct: NEW_PRODUCT }, 'offers[0]'],
      ];
      for (const [fields, field] of refusals) {
        const refused = await failure(split(fields));
        expect(refused).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
        expect(refused?.violations?.map((v) => v.field)).toContain(field);
      }
      expect((await productOf(source))?.gtins).toEqual([gtin14(G1), gtin14(G2)]);
      expect((await h.client.listOfferLinks({ actorUserId: shopper, productId: source })).links).toHaveLength(3);
      expect(
        h.events.of(Events.productCreated).filter((e) => e.payload.origin === ProductOrigin.PRODUCT_ORIGIN_ADMIN),
      ).toEqual([]);
      expect(await auditEntries('product.split')).toEqual([]);
    });

    it('creates the new product with the picked offers and GTINs; matching follows the GTIN, unpicked offers stay', async () => {
      const answer = await split({ offers: [B], gtins: [G2], newProduct: NEW_PRODUCT });
      expect(answer).toMatchObject({ moved: 1, movedGtins: [gtin14(G2)] });
      const created = answer.targetProductId;
      expect(created).not.toBe(source);

      const product = await productOf(created);
      expect(product).toMatchObject({ name: 'Garmin Forerunner 265S running watch', gtins: [gtin14(G2)] });
      expect(product?.brand?.name).toBe('Garmin');
      expect(product?.breadcrumbs.map((crumb) => crumb.name)).toEqual(['Electronics', 'Wearables']);
      expect(product?.category?.id).toBe((await productOf(source))?.category?.id);
      expect((await h.client.getProduct({ productId: created, language: 'de' })).product?.name).toBe(
        'Garmin Forerunner 265S Laufuhr',
      );
      expect((await productOf(source))?.gtins).toEqual([gtin14(G1)]);
      const createdEvent = await eventually(() =>
        h.events.of(Events.productCreated).find((event) => event.payload.productId === created),
      );
      expect(createdEvent.payload).toMatchObject({ origin: ProductOrigin.PRODUCT_ORIGIN_ADMIN });
      expect(createdEvent.payload.product?.name).toBe('Garmin Forerunner 265S running watch');
      // The source's ProductChanged tells search and the site it lost the GTIN.
      await eventually(() =>
        h
          .changesOf(source)
          .some((change) => change.changedFields.includes('gtins') && change.product?.gtins.join() === gtin14(G1)),
      );

      // The picked offer stays on the new product; the source is vetoed for it.
      expect(await h.client.matchProduct(offer({ ...B, title: TITLE, brand: 'Garmin', gtin: G2 }))).toMatchObject({
        productId: created,
        method: MatchMethod.MATCH_METHOD_EXISTING_LINK,
      });
      // A new offer of the moved GTIN finds the new product through its claim.
      expect(
        (
          await h.client.matchProduct(
            offer({ shopId: 'shop-d', shopOfferId: 'd1', title: 'Forerunner 265S', gtin: G2 }),
          )
        ).productId,
      ).toBe(created);
      // shop-a's own offer carries G2 too but was not picked: it stays where its link is.
      const links = await h.client.listOfferLinks({ actorUserId: shopper, productId: source });
      expect(links.links.map((link) => `${link.shopId}/${link.shopOfferId}`).sort()).toEqual(['shop-a/a1', 'shop-c/x']);
      // The same call again (a retry after a lost answer) finds what it did: one product, once.
      expect(await split({ offers: [B], gtins: [G2], newProduct: NEW_PRODUCT })).toMatchObject({
        moved: 1,
        targetProductId: created,
      });
      expect((await productOf(created))?.gtins).toEqual([gtin14(G2)]);
      expect(await auditEntries('product.create')).toHaveLength(1);

      const [, splitEntry] = await auditEntries('product.split');
      expect(splitEntry).toMatchObject({ actorUserId: shopper, entityId: source });
      expect(JSON.parse(splitEntry?.afterJson ?? '{}')).toMatchObject({
        targetProductId: created,
        createdTarget: true,
        gtins: [gtin14(G2)],
        reason: 'Two models',
      });
      const [createEntry] = await auditEntries('product.create');
      expect(createEntry).toMatchObject({ actorUserId: shopper, entityId: created });
      expect(createEntry?.afterJson).toContain('Garmin Forerunner 265S running watch');
    });

    it('moves GTINs to an existing target without repeating one it has', async () => {
      const target = await h.product({
        shopId: 'shop-t',
        shopOfferId: 't1',
        title: 'Garmin HRM-Pro Plus strap',
        brand: 'Garmin',
      });
      const C = { shopId: 'shop-c', shopOfferId: 'x' };
      const answer = await split({ targetProductId: target, offers: [C], gtins: [G1] });
      expect(answer).toMatchObject({ moved: 1, targetProductId: target, movedGtins: [gtin14(G1)] });
      expect((await productOf(target))?.gtins).toEqual([gtin14(G1)]);
      expect((await productOf(source))?.gtins).toEqual([]);
      // Offers and GTINs that left already are not the source's any more: refused, nothing changes.
      const again = await failure(split({ targetProductId: target, offers: [C], gtins: [G1] }));
      expect(again?.violations?.map((v) => v.field)).toEqual(['offers[0]', 'gtins[0]']);
      expect((await productOf(target))?.gtins).toEqual([gtin14(G1)]);
      expect(
        (await h.client.matchProduct(offer({ shopId: 'shop-f', shopOfferId: 'f1', title: 'HRM', gtin: G1 }))).productId,
      ).toBe(target);
    });
  });
}
