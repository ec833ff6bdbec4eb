import { status as GrpcStatus } from '@grpc/grpc-js';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { InvoiceSort, ListAllInvoicesRequest } from '@pc/proto/billing/v1/billing';
import { InvoiceStatus } from '@pc/proto/billing/v1/types';
import { eventually } from '@pc/kit/testing/eventually';
import { BillingHarness, SITE } from './test-support/billing-harness.js';

const PATIENCE = 20_000;
jest.setTimeout(90_000);

/** The admin panel's invoices overview: every account's invoices, for staff:admin only. */
describe('ListAllInvoices: every account’s invoices for the admin panel', () => {
  let h: BillingHarness;
  let anna: string;
  let bert: string;
  let annaShop: string;
  let bertShop: string;
  let staff: string;
  let crawlerStaff: string;
  const list = (fields: Partial<ListAllInvoicesRequest>) =>
    h.billing.listAllInvoices(ListAllInvoicesRequest.fromPartial({ actorUserId: staff, ...fields }));

  const subscribe = async (userId: string, shopId: string) => {
    await h.addCard(userId, '4242424242424242');
    await h.billing.startSubscription({
      actorUserId: userId,
      shopId,
      planId: 'listing-monthly',
      paymentMethodId: '',
      billingDetails: undefined,
      idempotencyKey: '',
      returnUrl: `${SITE}/business/billing/return`,
    });
  };

  beforeAll(async () => {
    h = await BillingHarness.start();
    anna = await h.businessUser('anna@all-invoices.test');
    bert = await h.businessUser('bert@all-invoices.test');
    annaShop = await h.registerShop(anna, 'anna-invoices.test');
    bertShop = await h.registerShop(bert, 'bert-invoices.test');
    staff = await h.staffUser('staff@all-invoices.test', AdminPanel.ADMIN_PANEL_ADMIN);
    crawlerStaff = await h.staffUser('crawler@all-invoices.test', AdminPanel.ADMIN_PANEL_CRAWLER);
    await subscribe(anna, annaShop);
    await subscribe(bert, bertShop);
    await eventually(async () => (await list({})).invoices.length >= 2, PATIENCE);
  });
  afterAll(() => h.stop());

  it('lists every account’s invoices, filtered by shop, account, status and issue date, sorted and paged', async () => {
    const all = await list({});
    expect(new Set(all.invoices.map((invoice) => invoice.userId))).toEqual(new Set([anna, bert]));
    expect(all.page).toMatchObject({ total: 2 });
    expect(all.invoices.every((invoice) => invoice.lines.length === 0)).toBe(true);
    const byShop = await list({ shopId: bertShop });
    expect(byShop.invoices.map((invoice) => invoice.userId)).toEqual([bert]);
    expect((await list({ userId: anna })).invoices.map((invoice) => invoice.userId)).toEqual([anna]);
    const status = all.invoices[0]!.status;
    const other =
      status === InvoiceStatus.INVOICE_STATUS_PAID
        ? InvoiceStatus.INVOICE_STATUS_VOID
        : InvoiceStatus.INVOICE_STATUS_PAID;
    expect((await list({ status: other })).invoices.filter((invoice) => invoice.status === status)).toEqual([]);
    const issued = all.invoices.map((invoice) => invoice.issuedAt!.getTime());
    const future = new Date(Math.max(...issued) + 86_400_000);
    expect((await list({ issuedFrom: future })).invoices).toEqual([]);
    expect((await list({ issuedTo: future })).page?.total).toBe(2);
    const newest = await list({ sort: InvoiceSort.INVOICE_SORT_NEWEST, page: { page: 1, hitsPerPage: 1 } });
    const oldest = await list({ sort: InvoiceSort.INVOICE_SORT_OLDEST, page: { page: 1, hitsPerPage: 1 } });
    expect(newest.page).toMatchObject({ total: 2, pages: 2 });
    expect(newest.invoices[0]!.issuedAt!.getTime()).toBeGreaterThanOrEqual(oldest.invoices[0]!.issuedAt!.getTime());
    // A staff:admin user opens any account's invoice document.
    const rendered = await h.billing.renderInvoice({
      actorUserId: staff,
      invoiceId: byShop.invoices[0]!.id,
      language: 'de',
    });
    expect(rendered.contentType).toMatch(/^text\/html/);
  });

  it('refuses business users and other panels’ staff; a wrong date range names its field', async () => {
    for (const actorUserId of [anna, crawlerStaff]) {
      await expect(list({ actorUserId })).rejects.toMatchObject({
        code: GrpcStatus.PERMISSION_DENIED,
        reason: 'STAFF_ROLE_REQUIRED',
      });
    }
    const when = new Date('2026-01-01T00:00:00Z');
    await expect(list({ issuedFrom: when, issuedTo: when })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'issued_to' })],
    });
  });
});
