import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { MergeProductsRequest } from '@pc/proto/catalog/v1/catalog';
import { offer } from '../catalog-harness.js';
import { CatalogAdminHarness, type CatalogStore } from '../admin-harness.js';
import { testGtin } from '../gtins.js';

/**
 * A veto means "this offer is not that product" also after that product was merged (ADR 065): the
 * merge carries the vetoes of its sources to the target, a replayed merge adds nothing, and an
 * offer whose own product is merged into a product vetoed for it is matched anew.
 */
export function describeVetoesThroughMerges(store: CatalogStore): void {
  describe(`match vetoes through merges (${store.name})`, () => {
    let h: CatalogAdminHarness;
    let shopper = '';

    beforeAll(async () => {
      h = await CatalogAdminHarness.start(store);
      shopper = await h.staffUser('vetoes@catalog.test', AdminPanel.ADMIN_PANEL_SHOPPING);
    });
    afterAll(() => h.stop());

    const merge = (targetProductId: string, sourceProductIds: string[]) =>
      h.client.mergeProducts(
        MergeProductsRequest.fromPartial({ actorUserId: shopper, targetProductId, sourceProductIds }),
      );
    const veto = (shopId: string, shopOfferId: string, productId: string) =>
      h.client.vetoOfferMatch({ actorUserId: shopper, shopId, shopOfferId, productId, reason: 'Not this product' });

    it('a veto of the merged product holds for the product it was merged into, once', async () => {
      const gtin = testGtin(66, 1);
      const TITLE = 'Philips Sonicare DiamondClean 9000 toothbrush';
      const vetoed = await h.product({ shopId: 'shop-a', shopOfferId: 'a1', title: TITLE, brand: 'Philips', gtin });
      const survivor = await h.product({ shopId: 'shop-b', shopOfferId: 'b1', title: TITLE, brand: 'Philips Oral' });
      const observed = offer({ shopId: 'shop-o', shopOfferId: 'o1', title: TITLE, brand: 'Philips', gtin });
      expect((await h.client.matchProduct(observed)).productId).toBe(vetoed);
      expect((await veto('shop-o', 'o1', vetoed)).vetoedProductIds).toEqual([vetoed]);

      await merge(survivor, [vetoed]);
      // The GTIN's claim moved to the survivor: without the carried veto, the offer would match it.
      expect((await h.client.matchProduct(offer({ shopId: 'shop-n', title: 'Sonicare', gtin }))).productId).toBe(
        survivor,
      );
      const next = await h.client.matchProduct(observed);
      expect(next.productId).not.toBe(survivor);
      expect(next.productId).not.toBe(vetoed);

      // A merge replayed (a retry) carries nothing twice.
      await merge(survivor, [vetoed]);
      expect((await veto('shop-o', 'o1', vetoed)).vetoedProductIds).toEqual([vetoed, survivor]);
      expect((await h.client.matchProduct(observed)).productId).toBe(next.productId);
    });

    it("an offer's own product merged into a product vetoed for it is matched anew, not into that product", async () => {
      const gtin = testGtin(66, 2);
      const own = await h.product({
        shopId: 'shop-c',
        shopOfferId: 'c1',
        title: 'Bosch GSR 18V drill',
        brand: 'Bosch',
        gtin,
      });
      const refused = await h.product({
        shopId: 'shop-d',
        shopOfferId: 'd1',
        title: 'Bosch GSR 18V-55 kit',
        brand: 'Bosch',
      });
      await veto('shop-c', 'c1', refused);
      await merge(refused, [own]);
      const { links } = await h.client.listOfferLinks({ actorUserId: shopper, productId: refused });
      expect(links.map((link) => link.shopOfferId)).toEqual(['d1']);
      const again = await h.client.matchProduct(
        offer({ shopId: 'shop-c', shopOfferId: 'c1', title: 'Bosch GSR 18V drill', brand: 'Bosch', gtin }),
      );
      expect(again.productId).not.toBe(refused);
      expect(again.productId).not.toBe(own);
    });
  });
}
