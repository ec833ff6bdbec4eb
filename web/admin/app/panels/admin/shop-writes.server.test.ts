import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import type { StaffContext } from '../../auth/staff-session.server';
import { action } from '../../routes/admin.shops_.$shop';
import { setShopGreen, setShopStatus, shopById, type ShopDetail } from '../../services/offers.server';

// The panel's session and offers are stand-ins: this tests the page's action, not the sign-in or the RPC.
jest.mock('../../auth/staff-session.server', () => ({
  requireStaff: jest.fn(async (): Promise<StaffContext> => ({
    panel: 'admin',
    user: { id: 'staff-1', name: 'Root', email: 'root@staff.test', panels: ['admin'] },
    session: { token: 't', csrf: 'csrf-1', authAt: Date.now(), seenAt: Date.now() } as StaffContext['session'],
    setCookie: '',
  })),
  needsReauth: () => false,
}));
jest.mock('../../services/offers.server', () => ({
  shopById: jest.fn(),
  setShopStatus: jest.fn(),
  setShopGreen: jest.fn(),
}));

const SHOP: ShopDetail = {
  id: 'sh_1',
  name: 'Leaf Goods',
  domain: 'leaf-goods.ch',
  status: 'active',
  confirmed: true,
  green: false,
  company: 'Leaf Goods AG',
  email: 'info@leaf-goods.ch',
  ownerUserId: '',
  countries: ['CH'],
  offersCount: 12,
  registeredAt: '2025-01-01T00:00:00.000Z',
  rating: null,
  feeds: [],
};

const post = (fields: Record<string, string>) =>
  action({
    request: new Request('http://admin.test/admin/admin/shops/sh_1', {
      method: 'POST',
      body: new URLSearchParams({ _csrf: 'csrf-1', ...fields }),
    }),
    params: { shop: 'sh_1' },
    context: {},
  });

/** The shop page's green toggle (ADR 108): validated, confirmed with a before and after, then made through offers. */
describe('the admin panel’s shop page: the green toggle', () => {
  beforeEach(() => {
    jest.mocked(shopById).mockReset().mockResolvedValue(SHOP);
    jest.mocked(setShopGreen).mockReset().mockResolvedValue();
    jest.mocked(setShopStatus).mockReset();
  });

  it('asks for a justification first; nothing is written', async () => {
    const answer = (await post({ _intent: 'green', green: 'true', reason: ' ' })) as unknown as {
      data: { stage: string; errors: Record<string, string> };
      init: { status: number };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data).toMatchObject({ stage: 'errors', errors: { reason: expect.any(String) } });
    expect(setShopGreen).not.toHaveBeenCalled();
  });

  it('shows the change before and after to confirm, then certifies the shop green through offers', async () => {
    const fields = { _intent: 'green', green: 'true', reason: 'EU Ecolabel certificate 2025' };
    const confirm = (await post(fields)) as unknown as {
      data: { stage: string; summary: { title: string; changes: unknown[] } };
    };
    expect(confirm.data.stage).toBe('confirm');
    expect(confirm.data.summary.title).toBe('Certify Leaf Goods green');
    expect(confirm.data.summary.changes).toContainEqual({
      label: 'Green',
      before: 'Not green',
      after: 'Green: its offers carry the leaf',
    });
    expect(setShopGreen).not.toHaveBeenCalled();

    const done = (await post({ ...fields, _confirmed: '1' })) as unknown as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/admin/shops/sh_1?done=1');
    expect(setShopGreen).toHaveBeenCalledWith('staff-1', 'sh_1', true, 'EU Ecolabel certificate 2025');
    expect(setShopStatus).not.toHaveBeenCalled();
  });

  it('withdraws the certification of a green shop', async () => {
    jest.mocked(shopById).mockResolvedValue({ ...SHOP, green: true });
    await post({ _intent: 'green', green: 'false', reason: 'certificate expired', _confirmed: '1' });
    expect(setShopGreen).toHaveBeenCalledWith('staff-1', 'sh_1', false, 'certificate expired');
  });

  it('answers 403 when offers refuses the actor', async () => {
    jest
      .mocked(setShopGreen)
      .mockRejectedValue(
        new RpcError(GrpcStatus.PERMISSION_DENIED, 'staff:admin needed', [], undefined, 'STAFF_ROLE_REQUIRED'),
      );
    const refused = await post({ _intent: 'green', green: 'true', reason: 'x', _confirmed: '1' }).then(
      () => null,
      (thrown: unknown) => thrown as { init?: { status?: number } },
    );
    expect(refused?.init?.status).toBe(403);
  });
});
