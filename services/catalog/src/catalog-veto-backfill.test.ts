import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { MergeProductsRequest } from '@pc/proto/catalog/v1/catalog';
import { offer } from './test-support/catalog-harness.js';
import { CatalogAdminHarness, EMBEDDED_STORE } from './test-support/admin-harness.js';
import { testGtin } from './test-support/gtins.js';
import { putStoredDocument } from './test-support/stored-documents.js';
import { offerLinkId, type OfferLinkRecord } from './store/offer-link-repository.js';

/**
 * A veto kept only on its link (written before vetoes were indexed by product, ADR 065) still
 * holds through a merge: the first merge copies such vetoes into the index, then carries them.
 */
describe('match vetoes from before the veto index (embedded store)', () => {
  let h: CatalogAdminHarness;
  afterAll(() => h.stop());

  it('carries a veto found only on the link to the merge target', async () => {
    h = await CatalogAdminHarness.start(EMBEDDED_STORE);
    const shopper = await h.staffUser('backfill@catalog.test', AdminPanel.ADMIN_PANEL_SHOPPING);
    const gtin = testGtin(67, 1);
    const TITLE = 'Nespresso Vertuo Next coffee machine grey';
    const vetoed = await h.product({ shopId: 'shop-a', shopOfferId: 'a1', title: TITLE, brand: 'Nespresso', gtin });
    const survivor = await h.product({ shopId: 'shop-b', shopOfferId: 'b1', title: TITLE, brand: 'Krups' });
    const link: OfferLinkRecord = {
      _id: offerLinkId('shop-o', 'o1'),
      shopId: 'shop-o',
      shopOfferId: 'o1',
      productId: '',
      method: '',
      confidence: 0,
      linkedAt: '2026-01-01T00:00:00.000Z',
      vetoedProductIds: [vetoed],
    };
    await putStoredDocument(h.catalog.dataDir, 'offer_links', link);

    await h.client.mergeProducts(
      MergeProductsRequest.fromPartial({ actorUserId: shopper, targetProductId: survivor, sourceProductIds: [vetoed] }),
    );
    const observed = offer({ shopId: 'shop-o', shopOfferId: 'o1', title: TITLE, brand: 'Nespresso', gtin });
    expect((await h.client.matchProduct({ ...observed, shopId: 'shop-n' })).productId).toBe(survivor);
    expect((await h.client.matchProduct(observed)).productId).not.toBe(survivor);
  });
});
