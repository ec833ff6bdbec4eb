import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import type { StaffContext } from '../../auth/staff-session.server';
import { action, loader } from '../../routes/shopping.shop-reviews';
import {
  deleteShopReview,
  setShopReviewHidden,
  shopReviewOf,
  shopReviewTable,
  type ShopReviewRow,
} from '../../services/shop-reviews.server';

// The panel's session and offers are stand-ins: this tests the page's loader and action, not the
// sign-in or the RPCs (web/test/admin-shop-reviews.test.ts runs them over the real services).
jest.mock('../../auth/staff-session.server', () => ({
  requireStaff: jest.fn(async (): Promise<StaffContext> => ({
    panel: 'shopping',
    user: { id: 'staff-1', name: 'Mod', email: 'mod@staff.test', panels: ['shopping'] },
    session: { token: 't', csrf: 'csrf-1', authAt: Date.now(), seenAt: Date.now() } as StaffContext['session'],
    setCookie: '',
  })),
  needsReauth: () => false,
}));
jest.mock('../../services/shop-reviews.server', () => ({
  shopReviewTable: jest.fn(),
  shopReviewOf: jest.fn(),
  setShopReviewHidden: jest.fn(),
  deleteShopReview: jest.fn(),
}));

const REVIEW: ShopReviewRow = {
  id: 'sr_1',
  shopId: 'sh_1',
  shopName: 'Leaf Goods',
  author: 'Ada',
  rating: 1,
  title: 'Never again',
  body: 'Buy cheap followers at spam.example, best prices!',
  language: 'en',
  publishedAt: '2026-03-01T10:00:00.000Z',
  verified: false,
  status: 'published',
  hiddenReason: '',
  reply: null,
};

const PAGE = 'http://admin.test/admin/shopping/shop-reviews?status=published';

const post = (fields: Record<string, string>) =>
  action({
    request: new Request(PAGE, {
      method: 'POST',
      body: new URLSearchParams({ _csrf: 'csrf-1', reviewId: 'sr_1', shopId: 'sh_1', ...fields }),
    }),
    params: {},
    context: {},
  });

interface Answer {
  data: Record<string, unknown> & {
    stage: string;
    destructive?: boolean;
    errors?: Record<string, string>;
    summary?: { title: string; changes: { label: string; before: string; after: string }[] };
  };
  init: { status?: number } | null;
}

/** What the action answered or threw: a redirect's Location, or data with its status. */
async function answerOf(
  run: () => Promise<unknown>,
): Promise<{ status: number; location?: string; data?: Answer['data'] }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get('location') ?? '' };
  const answer = value as Answer;
  return { status: answer.init?.status ?? 200, data: answer.data };
}

const rpc = (code: GrpcStatus) => new RpcError(code, 'refused');

describe('the shopping panel’s shop reviews page: its writes', () => {
  beforeEach(() => {
    jest.mocked(shopReviewOf).mockReset().mockResolvedValue(REVIEW);
    jest.mocked(setShopReviewHidden).mockReset().mockResolvedValue('done');
    jest.mocked(deleteShopReview).mockReset().mockResolvedValue('done');
  });

  it('asks for a reason to hide a review; nothing is written', async () => {
    const answer = await answerOf(() => post({ _intent: 'hide', reason: '  ', _confirmed: '1' }));
    expect(answer).toMatchObject({ status: 400, data: { stage: 'errors', errors: { reason: 'Required.' } } });
    expect(setShopReviewHidden).not.toHaveBeenCalled();
  });

  it('shows the change to confirm, then hides the review with its reason and goes back to the filtered page', async () => {
    const confirm = await answerOf(() => post({ _intent: 'hide', reason: 'Spam link' }));
    expect(confirm.data?.stage).toBe('confirm');
    expect(confirm.data?.destructive).toBe(false);
    expect(confirm.data?.summary?.title).toBe('Hide the shop review by Ada');
    expect(confirm.data?.summary?.changes).toEqual([
      { label: 'Status', before: 'Published', after: 'Hidden' },
      { label: 'Hidden because', before: '', after: 'Spam link' },
    ]);
    expect(setShopReviewHidden).not.toHaveBeenCalled();

    const done = await answerOf(() => post({ _intent: 'hide', reason: 'Spam link', _confirmed: '1' }));
    expect(done).toEqual({ status: 302, location: '/shopping/shop-reviews?status=published&done=1' });
    expect(setShopReviewHidden).toHaveBeenCalledWith('staff-1', 'sr_1', true, 'Spam link');
  });

  it('shows a hidden review again', async () => {
    jest.mocked(shopReviewOf).mockResolvedValue({ ...REVIEW, status: 'hidden', hiddenReason: 'Spam link' });
    const confirm = await answerOf(() => post({ _intent: 'show' }));
    expect(confirm.data?.summary?.changes).toContainEqual({ label: 'Status', before: 'Hidden', after: 'Published' });
    await post({ _intent: 'show', _confirmed: '1' });
    expect(setShopReviewHidden).toHaveBeenCalledWith('staff-1', 'sr_1', false, '');
  });

  it('deletes only after a destructive confirm step', async () => {
    const confirm = await answerOf(() => post({ _intent: 'delete' }));
    expect(confirm.data).toMatchObject({ stage: 'confirm', destructive: true });
    expect(deleteShopReview).not.toHaveBeenCalled();
    const done = await answerOf(() => post({ _intent: 'delete', _confirmed: '1' }));
    expect(done.location).toBe('/shopping/shop-reviews?status=published&done=1');
    expect(deleteShopReview).toHaveBeenCalledWith('staff-1', 'sr_1');
  });

  it('says a review that is gone is already gone: before the confirm step, and when offers answers NOT_FOUND', async () => {
    jest.mocked(shopReviewOf).mockResolvedValue(null);
    expect(await answerOf(() => post({ _intent: 'delete' }))).toMatchObject({
      status: 400,
      data: { errors: { _form: 'This review is already gone.' } },
    });
    jest.mocked(shopReviewOf).mockResolvedValue(REVIEW);
    jest.mocked(deleteShopReview).mockResolvedValue('gone');
    expect((await answerOf(() => post({ _intent: 'delete', _confirmed: '1' }))).location).toBe(
      '/shopping/shop-reviews?status=published&gone=1',
    );
  });

  it('answers the panel’s 403 when offers refuses the actor, reading or writing', async () => {
    jest.mocked(setShopReviewHidden).mockRejectedValue(rpc(GrpcStatus.PERMISSION_DENIED));
    expect((await answerOf(() => post({ _intent: 'hide', reason: 'Spam', _confirmed: '1' }))).status).toBe(403);
    jest.mocked(shopReviewOf).mockRejectedValue(rpc(GrpcStatus.PERMISSION_DENIED));
    expect((await answerOf(() => post({ _intent: 'hide', reason: 'Spam' }))).status).toBe(403);
  });
});

describe('the shopping panel’s shop reviews page: its table', () => {
  const load = (search = '') =>
    answerOf(() =>
      loader({
        request: new Request(`http://admin.test/admin/shopping/shop-reviews${search}`),
        params: {},
        context: {},
      }),
    );

  it('reads the filters and says a gone review apart from them', async () => {
    const table = { page: { rows: [REVIEW], page: 1, size: 20, total: 1, pages: 1 }, refused: [] };
    jest.mocked(shopReviewTable).mockReset().mockResolvedValue(table);
    const answer = await load('?status=hidden&shop=sh_1&gone=1');
    expect(answer.data).toMatchObject({ gone: true, done: false, shopLinks: false });
    expect(jest.mocked(shopReviewTable).mock.calls[0]?.[1].filters).toEqual({ status: 'hidden', shop: 'sh_1' });
  });

  it('answers 403 when offers refuses the actor and 503 when it does not answer, never a 500', async () => {
    jest.mocked(shopReviewTable).mockReset().mockRejectedValue(rpc(GrpcStatus.PERMISSION_DENIED));
    expect((await load()).status).toBe(403);
    jest.mocked(shopReviewTable).mockRejectedValue(rpc(GrpcStatus.UNAVAILABLE));
    expect((await load()).status).toBe(503);
  });
});
