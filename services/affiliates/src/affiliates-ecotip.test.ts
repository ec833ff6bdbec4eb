import { status as GrpcStatus } from '@grpc/grpc-js';
import { ListTransactionsRequest, ResolveClickOutRequest } from '@pc/proto/affiliates/v1/affiliates';
import { ClickOrigin, DonationStatus, TransactionStatus, type DonationEntry } from '@pc/proto/affiliates/v1/types';
import { HEADPHONES, observation } from '../../offers/src/test-support/observations.js';
import { AffiliatesHarness, BROWSER, eventually } from './test-support/affiliates-harness.js';

/** A network's postback item (the documented JSON), with defaults. */
const sale = (transactionId: string, clickId: string, overrides: Record<string, unknown> = {}) => ({
  transaction_id: transactionId,
  click_id: clickId,
  order_value: { amount_minor: 54_990, currency: 'CHF' },
  commission: { amount_minor: 2_750, currency: 'CHF' },
  status: 'pending',
  ...overrides,
});

/** The ledger in order, every page. */
async function ledger(h: AffiliatesHarness): Promise<DonationEntry[]> {
  const entries: DonationEntry[] = [];
  for (let pageToken = ''; ;) {
    const page = await h.affiliates.listDonationEntries({ page: { pageToken, pageSize: 2 } });
    entries.push(...page.entries);
    pageToken = page.page?.nextPageToken ?? '';
    if (!pageToken) return entries;
  }
}

/** Transactions reported by networks (signed postbacks), their EcoTip donations, and the ledger's totals. */
describe('affiliates transactions and the EcoTip ledger (app.ts over gRPC)', () => {
  let h: AffiliatesHarness;
  let admin = '';
  let shopId = '';
  let greenLocation = '';
  let plainLocation = '';

  const click = (locationId: string, origin: ClickOrigin, country = 'CH', ip = '203.0.113.9') =>
    h.affiliates.resolveClickOut(
      ResolveClickOutRequest.fromPartial({ locationId, origin, country, ip, userAgent: BROWSER, placement: 'offer' }),
    );
  const postback = (body: unknown, options?: Parameters<AffiliatesHarness['signed']>[1]) =>
    h.affiliates.recordPostback(h.signed(body, options));
  const transactions = () => h.affiliates.listTransactions(ListTransactionsRequest.fromPartial({ actorUserId: admin }));
  const summary = (currency = '') => h.affiliates.getEcoTipSummary({ range: undefined, currency });

  beforeAll(async () => {
    h = await AffiliatesHarness.start();
    admin = await h.adminId();
    await h.fxRates();
    shopId = await h.shop('Leaf Store', 'leafstore.ch', ['CH', 'DE']);
    await h.observe(
      observation(shopId, 'green', HEADPHONES, 27_900, { url: 'https://www.leafstore.ch/green', isGreen: true }),
      observation(shopId, 'plain', HEADPHONES, 28_900, { url: 'https://www.leafstore.ch/plain', shopOfferId: 'plain' }),
    );
    const offers = await h.listedOffers(shopId, 2);
    greenLocation = offers.find((o) => o.isGreen)?.locationId ?? '';
    plainLocation = offers.find((o) => !o.isGreen)?.locationId ?? '';
    await eventually(
      () => click(greenLocation, ClickOrigin.CLICK_ORIGIN_SEARCH, 'CH', '198.18.0.1').catch(() => undefined),
      20_000,
    );
  }, 120_000);

  afterAll(() => h.stop());

  it('books 1 % of a sale after a green offer reached from the product page, and follows the sale: pending, confirmed, cancelled', async () => {
    const { clickId } = await click(greenLocation, ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE);
    const pending = (await postback(sale('A-100', clickId))).results[0]!;
    expect(pending).toMatchObject({
      changed: true,
      transaction: {
        status: TransactionStatus.TRANSACTION_STATUS_PENDING,
        clickId,
        shopId,
        country: 'CH',
        ecotipDonation: { amountMinor: 550, currency: 'CHF' },
      },
      donation: {
        status: DonationStatus.DONATION_STATUS_PENDING,
        amount: { amountMinor: 550, currency: 'CHF' },
        clickId,
      },
    });
    expect(await summary()).toMatchObject({
      donated: { amountMinor: 0 },
      pending: { amountMinor: 550, currency: 'CHF' },
      purchases: 1,
    });

    const confirmed = (await postback(sale('A-100', clickId, { status: 'confirmed' }))).results[0]!;
    expect(confirmed.donation?.status).toBe(DonationStatus.DONATION_STATUS_CONFIRMED);
    expect(await summary()).toMatchObject({ donated: { amountMinor: 550 }, pending: { amountMinor: 0 }, purchases: 1 });

    // The same postback again, and a late "pending" after the confirmation: nothing changes.
    expect((await postback(sale('A-100', clickId, { status: 'confirmed' }))).results[0]?.changed).toBe(false);
    expect((await postback(sale('A-100', clickId))).results[0]?.changed).toBe(false);
    const entries = (await ledger(h)).filter((e) => e.transactionId === confirmed.transaction?.id);
    expect(entries.map((e) => [e.state, e.amount?.amountMinor])).toEqual([
      [DonationStatus.DONATION_STATUS_PENDING, 550],
      [DonationStatus.DONATION_STATUS_PENDING, -550],
      [DonationStatus.DONATION_STATUS_CONFIRMED, 550],
    ]);

    // A cancelled sale reverses its donation by a new entry; the earlier ones stay as they were.
    const cancelled = (await postback(sale('A-100', clickId, { status: 'cancelled' }))).results[0]!;
    expect(cancelled.transaction?.status).toBe(TransactionStatus.TRANSACTION_STATUS_DECLINED);
    const after = (await ledger(h)).filter((e) => e.transactionId === confirmed.transaction?.id);
    expect(after.slice(0, 3)).toEqual(entries);
    expect(after.slice(3).map((e) => [e.state, e.amount?.amountMinor])).toEqual([
      [DonationStatus.DONATION_STATUS_CONFIRMED, -550],
    ]);
    expect(await summary()).toMatchObject({ donated: { amountMinor: 0 }, pending: { amountMinor: 0 }, purchases: 0 });
  });

  it('earns nothing for a plain offer or a green one reached elsewhere, and keeps the first attribution', async () => {
    const plain = await click(plainLocation, ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE, 'CH', '203.0.113.20');
    const fromSearch = await click(greenLocation, ClickOrigin.CLICK_ORIGIN_SEARCH, 'CH', '203.0.113.21');
    const [a, b] = (await postback({ transactions: [sale('B-1', plain.clickId), sale('B-2', fromSearch.clickId)] }))
      .results;
    expect([a?.donation, b?.donation]).toEqual([undefined, undefined]);
    // A later report naming another click does not move the sale.
    const green = await click(greenLocation, ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE, 'CH', '203.0.113.22');
    const again = (await postback(sale('B-1', green.clickId, { status: 'confirmed' }))).results[0]!;
    expect(again.transaction).toMatchObject({
      clickId: plain.clickId,
      status: TransactionStatus.TRANSACTION_STATUS_APPROVED,
    });
    expect(again.donation).toBeUndefined();
  });

  it('totals per month and country reconcile with the ledger to the cent, in CHF and converted', async () => {
    const de = await click(greenLocation, ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE, 'DE', '203.0.113.30');
    const ch = await click(greenLocation, ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE, 'CH', '203.0.113.31');
    const lastMonth = new Date(Date.UTC(h.now().getUTCFullYear(), h.now().getUTCMonth() - 1, 15)).toISOString();
    await postback({
      transactions: [
        // 1 % of EUR 333.33 is EUR 3.33; booked in CHF at 0.94: CHF 3.13.
        sale('C-1', de.clickId, {
          order_value: { amount_minor: 33_333, currency: 'EUR' },
          commission: { amount_minor: 1_000, currency: 'EUR' },
          status: 'confirmed',
        }),
        sale('C-2', ch.clickId, { order_value: { amount_minor: 12_345, currency: 'CHF' }, ordered_at: lastMonth }),
        sale('C-3', ch.clickId, { order_value: { amount_minor: 99_999, currency: 'CHF' }, status: 'confirmed' }),
      ],
    });
    await postback(
      sale('C-3', ch.clickId, { order_value: { amount_minor: 99_999, currency: 'CHF' }, status: 'cancelled' }),
    );
    const entries = await ledger(h);
    const totals = await summary('EUR');
    const sum = (state: DonationStatus, month?: string, country?: string) =>
      entries
        .filter((e) => e.state === state && (!month || e.month === month) && (!country || e.country === country))
        .reduce((total, e) => total + (e.accountingAmount?.amountMinor ?? 0), 0);
    expect(totals.donatedAccounting?.amountMinor).toBe(sum(DonationStatus.DONATION_STATUS_CONFIRMED));
    expect(totals.pendingAccounting?.amountMinor).toBe(sum(DonationStatus.DONATION_STATUS_PENDING));
    for (const period of totals.totals) {
      expect(period.confirmed?.amountMinor).toBe(
        sum(DonationStatus.DONATION_STATUS_CONFIRMED, period.month, period.country),
      );
      expect(period.pending?.amountMinor).toBe(
        sum(DonationStatus.DONATION_STATUS_PENDING, period.month, period.country),
      );
    }
    const month = h.now().toISOString().slice(0, 7);
    expect(totals.totals.find((t) => t.month === month && t.country === 'DE')).toMatchObject({
      confirmed: { amountMinor: 313, currency: 'CHF' },
      confirmedConverted: { amountMinor: 333, currency: 'EUR' },
      purchases: 1,
    });
    expect(totals.totals.find((t) => t.month === lastMonth.slice(0, 7) && t.country === 'CH')).toMatchObject({
      pending: { amountMinor: 123 },
      purchases: 1,
    });
    expect(totals.donated).toEqual({ amountMinor: Math.round(313 * 1.06383), currency: 'EUR' });
    expect(totals.fxRate).toMatchObject({ baseCurrency: 'CHF', quoteCurrency: 'EUR', rate: '1.06383' });
  });

  it('refuses a forged, stale or malformed postback, and a bad transaction, changing nothing', async () => {
    const { clickId } = await click(greenLocation, ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE, 'CH', '203.0.113.40');
    const before = {
      total: (await transactions()).page?.total,
      ledger: (await ledger(h)).length,
      summary: await summary(),
    };
    await expect(postback(sale('D-1', clickId), { secret: 'not-the-networks-secret-at-all' })).rejects.toMatchObject({
      code: GrpcStatus.UNAUTHENTICATED,
    });
    await expect(postback(sale('D-1', clickId), { at: new Date(Date.now() - 3_600_000) })).rejects.toMatchObject({
      code: GrpcStatus.UNAUTHENTICATED,
    });
    const signed = h.signed(sale('D-1', clickId));
    await expect(
      h.affiliates.recordPostback({
        ...signed,
        body: Buffer.from(JSON.stringify(sale('D-1', clickId, { order_value: { amount_minor: 1, currency: 'CHF' } }))),
      }),
    ).rejects.toMatchObject({
      code: GrpcStatus.UNAUTHENTICATED,
    });
    await expect(h.affiliates.recordPostback({ ...signed, network: 'othernet' })).rejects.toMatchObject({
      code: GrpcStatus.UNAUTHENTICATED,
    });
    const invalid = async (body: unknown, field: string) =>
      expect(postback(body)).rejects.toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        violations: expect.arrayContaining([expect.objectContaining({ field })]),
      });
    await invalid(
      sale('D-1', clickId, { order_value: { amount_minor: -100, currency: 'CHF' } }),
      'order_value.amount_minor',
    );
    await invalid(
      sale('D-1', clickId, { order_value: { amount_minor: 100, currency: 'XYZ' } }),
      'order_value.currency',
    );
    await invalid(sale('D-1', clickId, { commission: { amount_minor: 5, currency: 'EUR' } }), 'commission.currency');
    // No rate from GBP to CHF is known: the donation could not be booked.
    await invalid(
      sale('D-1', clickId, { order_value: { amount_minor: 100, currency: 'GBP' }, commission: undefined }),
      'order_value.currency',
    );
    await invalid(
      { transactions: [sale('D-2', clickId), sale('D-3', clickId, { status: 'shipped' })] },
      'transactions[1].status',
    );
    await invalid('not a transaction', 'body');
    // The sale was first reported in CHF: its currency cannot change.
    await invalid(
      sale('B-2', '', { shop_id: shopId, order_value: { amount_minor: 100, currency: 'EUR' }, commission: undefined }),
      'order_value.currency',
    );
    await expect(postback({ transactions: [sale('D-4', clickId), sale('D-5', 'ck_unknown')] })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    await expect(postback(sale('D-6', '', { shop_id: 'sh_unknown' }))).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
    expect((await transactions()).page?.total).toBe(before.total);
    expect(await ledger(h)).toHaveLength(before.ledger);
    expect(await summary()).toEqual(before.summary);
  });

  it('streams the whole ledger in ledger order to staff, and to nobody else', async () => {
    const exported = async (actorUserId: string) => {
      const entries: DonationEntry[] = [];
      for await (const { entry } of h.affiliates.exportDonationEntries({ actorUserId })) entries.push(entry!);
      return entries;
    };
    const entries = await exported(admin);
    expect(entries.length).toBeGreaterThan(3);
    expect(entries).toEqual(await ledger(h));
    const stranger = await h.registerUser('exporter@leafstore.test');
    await expect(exported(stranger)).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
  });

  it('lists transactions to admins and to shop owners for their shops only', async () => {
    const stranger = await h.registerUser('stranger@leafstore.test');
    const all = await transactions();
    expect(all.transactions.length).toBeGreaterThan(0);
    expect(all.transactions.every((t) => t.shopId === shopId)).toBe(true);
    await expect(
      h.affiliates.listTransactions(ListTransactionsRequest.fromPartial({ actorUserId: stranger })),
    ).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    await expect(
      h.affiliates.listTransactions(ListTransactionsRequest.fromPartial({ actorUserId: stranger, shopIds: [shopId] })),
    ).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    await expect(
      h.affiliates.listTransactions(ListTransactionsRequest.fromPartial({ actorUserId: '' })),
    ).rejects.toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
    const donations = await h.affiliates.listDonations({
      actorUserId: admin,
      statuses: [DonationStatus.DONATION_STATUS_CANCELLED],
      range: undefined,
      page: undefined,
    });
    expect(donations.donations.map((d) => d.status)).toEqual([
      DonationStatus.DONATION_STATUS_CANCELLED,
      DonationStatus.DONATION_STATUS_CANCELLED,
    ]);
  });
});
