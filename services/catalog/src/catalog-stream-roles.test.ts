import { status as GrpcStatus } from '@grpc/grpc-js';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import { AccountsStaffServiceService } from '@pc/proto/accounts/v1/staff';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { UpdateProductRequest, type StreamProductsResponse } from '@pc/proto/catalog/v1/catalog';
import { ProductStatus } from '@pc/proto/catalog/v1/types';
import { createServiceClient } from '@pc/kit/grpc/client';
import { CatalogAdminHarness, EMBEDDED_STORE, failure } from './test-support/admin-harness.js';

/**
 * StreamProducts is a bulk read of the whole table, hidden products included (ADR 061): the catalog
 * itself checks that the verified caller holds staff:infrastructure, whatever the admin app does.
 */
describe('StreamProducts: the staff:infrastructure role checked in the catalog', () => {
  useTestIdentity('ops');
  let h: CatalogAdminHarness;
  let shopper = '';
  let hidden = '';

  const streamAs = async (actorUserId: string): Promise<StreamProductsResponse[]> => {
    const received: StreamProductsResponse[] = [];
    for await (const message of h.client.streamProducts({
      updatedAfter: undefined,
      includeInactive: true,
      actorUserId,
    }))
      received.push(message);
    return received;
  };

  beforeAll(async () => {
    h = await CatalogAdminHarness.start(EMBEDDED_STORE);
    const roles = createServiceClient(AccountsStaffServiceService, h.accounts.address, { deadlineMs: 20_000 });
    shopper = (await h.accounts.register({ email: 'shopper@stream.test' })).user?.id ?? '';
    await roles.grantStaffRole({ actorUserId: h.adminId, userId: shopper, panel: AdminPanel.ADMIN_PANEL_SHOPPING });
    await h.product({ shopId: 'sr', title: 'Miele Complete C3 vacuum cleaner', brand: 'Miele' });
    hidden = await h.product({ shopId: 'sr', title: 'Miele Blizzard CX1 vacuum cleaner', brand: 'Miele' });
    await h.client.updateProduct(
      UpdateProductRequest.fromPartial({
        productId: hidden,
        actorUserId: h.adminId,
        status: ProductStatus.PRODUCT_STATUS_HIDDEN,
        language: 'en',
      }),
    );
  });
  afterAll(() => h.stop());

  it('refuses a signed-in user without a staff role, a holder of another panel and a front without a user', async () => {
    for (const actor of [h.memberId, shopper, '']) {
      expect(await failure(streamAs(actor))).toMatchObject({
        code: GrpcStatus.PERMISSION_DENIED,
        reason: 'STAFF_ROLE_REQUIRED',
      });
    }
  });

  it('streams every product, hidden ones included, to a holder of staff:infrastructure', async () => {
    const products = (await streamAs(h.adminId)).map((message) => message.product);
    expect(products).toHaveLength(2);
    expect(products.find((product) => product?.id === hidden)?.status).toBe(ProductStatus.PRODUCT_STATUS_HIDDEN);
  });
});
