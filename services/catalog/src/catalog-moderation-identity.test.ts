import { status as GrpcStatus } from '@grpc/grpc-js';
import { MatchMethod } from '@pc/proto/catalog/v1/catalog';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import { offer } from './test-support/catalog-harness.js';
import { CatalogAdminHarness, EMBEDDED_STORE, failure } from './test-support/admin-harness.js';

/**
 * VetoOfferMatch and MoveOfferLinks as offers calls them for FlagWrongMatch and SplitOffers (ADR
 * 060): the call graph grants offers those RPCs of catalog, and no other service; signed tokens verified as in the platform (ADR 052).
 */
describe('catalog VetoOfferMatch and MoveOfferLinks: the callers the call graph allows', () => {
  const become = useTestIdentity('ops');
  let h: CatalogAdminHarness;
  let productId = '';
  const veto = () =>
    h.client.vetoOfferMatch({ actorUserId: '', shopId: 'shop-v', shopOfferId: 'v1', productId, reason: 'wrong item' });

  beforeAll(async () => {
    h = await CatalogAdminHarness.start(EMBEDDED_STORE);
    productId = await h.product({ shopId: 'shop-v', shopOfferId: 'v1', title: 'Fjallraven Kanken backpack ox red' });
  });
  afterEach(() => become('ops'));
  afterAll(() => h.stop());

  it('refuses a service the call graph does not grant it, and a user front acting as staff on its own', async () => {
    await become('search');
    expect(await failure(veto())).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED, reason: 'CALLER_NOT_ALLOWED' });
    await become('ops');
    expect(await failure(veto())).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED, reason: 'STAFF_ROLE_REQUIRED' });
    expect(
      await h.client.matchProduct(
        offer({ shopId: 'shop-v', shopOfferId: 'v1', title: 'Fjallraven Kanken backpack ox red' }),
      ),
    ).toMatchObject({
      productId,
      method: MatchMethod.MATCH_METHOD_EXISTING_LINK,
    });
  });

  it('lets offers veto a match', async () => {
    await become('offers');
    expect((await veto()).vetoedProductIds).toEqual([productId]);
    await become('ops');
    const again = await h.client.matchProduct(
      offer({ shopId: 'shop-v', shopOfferId: 'v1', title: 'Fjallraven Kanken backpack ox red' }),
    );
    expect(again.productId).not.toBe(productId);
  });
  it('lets offers, and no other service, move offer links (a split)', async () => {
    const target = await h.product({
      shopId: 'shop-w',
      shopOfferId: 'w1',
      title: 'Fjallraven Kanken mini backpack navy',
    });
    const move = () =>
      h.client.moveOfferLinks({
        actorUserId: '',
        productId: target,
        targetProductId: productId,
        offers: [{ shopId: 'shop-w', shopOfferId: 'w1' }],
        reason: 'split',
        gtins: [],
        newProduct: undefined,
      });
    await become('search');
    expect(await failure(move())).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED, reason: 'CALLER_NOT_ALLOWED' });
    await become('offers');
    expect(await move()).toMatchObject({ moved: 1, targetProductId: productId });
  });
});
