import { pino } from 'pino';
import { InvalidArgumentError, PermissionDeniedError } from '@pc/kit/errors/domain-errors';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { embeddedSuiteStore, mongoSuiteStore } from '../test-support/suite-stores.js';
import { ListMonthProductClicksRequest } from '@pc/proto/affiliates/v1/affiliates';
import type { FoldedClick } from '../domain/click-aggregates.js';
import { ClickFold } from '../events/click-fold.js';
import { ClickAggregateRepository } from '../store/click-aggregate-repository.js';
import type { ShopAccess } from './shop-access.js';
import { listMonthProductClicks } from './month-product-clicks.js';

const silent = pino({ level: 'silent' });
const NOW = new Date('2026-03-20T10:00:00Z');
const OWNER = 'us_owner';
/** 260 products, product i clicked (i % 7) + 1 times in March; some clicks in February too. */
const PRODUCTS = 260;

/** Owner-only, as ShopAccess.requireReader answers for an owned shop (the gRPC suite checks the real one). */
const access = {
  requireReader: async (actor: string) => {
    if (actor !== OWNER)
      throw new PermissionDeniedError("only the shop's owner or an admin may see its clicks and sales");
  },
} as unknown as ShopAccess;

function clicks(): FoldedClick[] {
  const out: FoldedClick[] = [];
  let sequence = 0;
  const click = (productId: string, at: string): FoldedClick => ({
    run: 'run-1',
    partition: sequence % 3,
    sequence: ++sequence,
    shopId: 'sh_big',
    productId,
    offerId: `of_${productId}`,
    advertisementId: '',
    country: 'CH',
    clickedAt: new Date(at),
  });
  for (let i = 0; i < PRODUCTS; i += 1) {
    const id = `p_${String(i).padStart(3, '0')}`;
    for (let n = 0; n <= i % 7; n += 1)
      out.push(click(id, `2026-03-${String(1 + (n % 19)).padStart(2, '0')}T08:00:00Z`));
    if (i % 50 === 0) out.push(click(id, '2026-02-27T08:00:00Z'));
  }
  return out;
}

/** The month as a naive count: most clicks first, then by id. */
const expected = (): { productId: string; clicks: number }[] =>
  Array.from({ length: PRODUCTS }, (_, i) => ({
    productId: `p_${String(i).padStart(3, '0')}`,
    clicks: (i % 7) + 1,
  })).sort((a, b) => b.clicks - a.clicks || (a.productId < b.productId ? -1 : 1));

function suite(name: string, open: () => Promise<{ store: DocumentStore; close: () => Promise<void> }>) {
  describe(`ListMonthProductClicks (${name})`, () => {
    let opened: Awaited<ReturnType<typeof open>>;
    let aggregates: ClickAggregateRepository;
    const list = (overrides: Partial<ListMonthProductClicksRequest> = {}) =>
      listMonthProductClicks(
        ListMonthProductClicksRequest.fromPartial({
          actorUserId: OWNER,
          shopId: 'sh_big',
          month: '2026-03',
          ...overrides,
        }),
        { aggregates, access, clock: () => NOW },
      );

    beforeAll(async () => {
      opened = await open();
      aggregates = await ClickAggregateRepository.open(opened.store);
      const fold = new ClickFold(aggregates, silent);
      const all = clicks();
      for (let at = 0; at < all.length; at += 97) await fold.fold(all.slice(at, at + 97));
      // A redelivery changes nothing.
      await fold.fold(all.slice(0, 300));
    }, 60_000);
    afterAll(() => opened.close());

    it('answers every product of the month, paged, by clicks then id', async () => {
      const seen = [];
      let token = '';
      let pages = 0;
      do {
        const answer = await list({ page: { pageToken: token, pageSize: 75 } });
        expect(answer.totalProducts).toBe(PRODUCTS);
        expect(answer.month).toBe('2026-03');
        expect(answer.products.length).toBeLessThanOrEqual(75);
        seen.push(...answer.products);
        token = answer.page?.nextPageToken ?? '';
        pages += 1;
      } while (token);
      expect(pages).toBe(4);
      expect(seen).toEqual(expected());
    });

    it('pages of the default size, and an empty month', async () => {
      const first = await list();
      expect(first.products).toHaveLength(100);
      expect(first.products).toEqual(expected().slice(0, 100));
      const april = await list({ month: '2026-04' });
      expect(april).toMatchObject({ products: [], totalProducts: 0, page: { nextPageToken: '' } });
    });

    it('refuses another account, and names a bad month, page size or token', async () => {
      await expect(list({ actorUserId: 'us_stranger' })).rejects.toBeInstanceOf(PermissionDeniedError);
      const fieldOf = async (overrides: Partial<ListMonthProductClicksRequest>) => {
        const error = await list(overrides).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidArgumentError);
        return (error as InvalidArgumentError).violations.map((v) => v.field);
      };
      expect(await fieldOf({ month: '2026-13' })).toEqual(['month']);
      expect(await fieldOf({ page: { pageToken: '', pageSize: 1001 } })).toEqual(['page.page_size']);
      expect(await fieldOf({ page: { pageToken: 'not a token!', pageSize: 10 } })).toEqual(['page.page_token']);
      expect(await fieldOf({ shopId: ' ' })).toEqual(['shop_id']);
    });
  });
}

suite('embedded store', () => embeddedSuiteStore('affiliates-month-products-'));

describeWithEngine('MONGODB_URI', 'the click statistics on MongoDB', (uri) =>
  suite('MongoDB', () => mongoSuiteStore(uri, 'pc_affiliates_month_products')),
);
