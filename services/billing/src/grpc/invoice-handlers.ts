import type {
  GetInvoiceRequest,
  GetInvoiceResponse,
  ListAllInvoicesRequest,
  ListAllInvoicesResponse,
  ListInvoicesRequest,
  ListInvoicesResponse,
  RenderInvoiceRequest,
  RenderInvoiceResponse,
} from '@pc/proto/billing/v1/billing';
import { InvoiceSort } from '@pc/proto/billing/v1/billing';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { renderInvoiceHtml } from '../domain/invoice-html.js';
import { INVOICE_LANGUAGES } from '../domain/invoice-texts.js';
import { invoiceStatusName } from '../domain/status-mapping.js';
import type { InvoiceOrder, StoredInvoice } from '../store/invoice-repository.js';
import type { Actor } from './actor.js';
import type { BillingDependencies } from './dependencies.js';
import { BillingChecks } from './field-checks.js';
import { invoiceMessage } from './messages.js';

/** ListInvoices: an account's invoices, newest first ("no invoices yet" when empty). */
export async function listInvoices(
  request: ListInvoicesRequest,
  deps: BillingDependencies,
): Promise<ListInvoicesResponse> {
  const page = resolvePage(request.page, { defaultSize: 20, maxSize: 100 });
  const actor = await deps.actors.requireBusiness(request.actorUserId);
  const userId = await deps.actors.target(actor, request.userId.trim());
  const { invoices, total } = await deps.invoices.list(userId, {
    unpaidOnly: request.unpaidOnly,
    skip: page.skip,
    limit: page.hitsPerPage,
  });
  return { invoices: invoices.map((invoice) => invoiceMessage(invoice, false)), page: pageResponse(page, total) };
}

/** The actor's invoice (an admin: anyone's); another user's is NOT_FOUND, as an unknown one. */
async function ownedInvoice(deps: BillingDependencies, actor: Actor, invoiceId: string): Promise<StoredInvoice> {
  const invoice = await deps.invoices.get(invoiceId);
  if (!invoice || (invoice.userId !== actor.id && !actor.isAdmin)) throw new NotFoundError('invoice', invoiceId);
  return invoice;
}

export async function getInvoice(request: GetInvoiceRequest, deps: BillingDependencies): Promise<GetInvoiceResponse> {
  const checks = new BillingChecks();
  const invoiceId = checks.providerId('invoice_id', request.invoiceId, ['in'], true);
  checks.done();
  const actor = await deps.actors.requireBusiness(request.actorUserId);
  return { invoice: invoiceMessage(await ownedInvoice(deps, actor, invoiceId), true) };
}

/** RenderInvoice: the invoice as an HTML document to download. */
export async function renderInvoice(
  request: RenderInvoiceRequest,
  deps: BillingDependencies,
): Promise<RenderInvoiceResponse> {
  const checks = new BillingChecks();
  const invoiceId = checks.providerId('invoice_id', request.invoiceId, ['in'], true);
  const language = request.language.trim().toLowerCase() || 'en';
  if (!INVOICE_LANGUAGES.includes(language))
    checks.add('language', `must be one of ${INVOICE_LANGUAGES.join(', ')}`, 'in');
  checks.done();
  const actor = await deps.actors.requireBusiness(request.actorUserId);
  const invoice = await ownedInvoice(deps, actor, invoiceId);
  const account = await deps.ledger.accounts.get(invoice.userId);
  const html = renderInvoiceHtml(invoice, account?.billingDetails ?? null, deps.issuer, language);
  return {
    contentType: 'text/html; charset=utf-8',
    filename: `invoice-${invoice.number || invoice._id}.html`,
    body: Buffer.from(html, 'utf8'),
  };
}

/** ListAllInvoices (staff:admin): every account's invoices by status, shop, account and issue date. */
export async function listAllInvoices(
  request: ListAllInvoicesRequest,
  deps: BillingDependencies,
): Promise<ListAllInvoicesResponse> {
  const checks = new BillingChecks();
  const page = resolvePage(request.page, { defaultSize: 20, maxSize: 100 });
  const issuedFrom = request.issuedFrom?.toISOString() ?? '';
  const issuedTo = request.issuedTo?.toISOString() ?? '';
  if (issuedFrom && issuedTo && issuedFrom >= issuedTo) checks.add('issued_to', 'must be after issued_from', 'order');
  const shopId = checks.text('shop_id', request.shopId, { max: 100 });
  const userId = checks.text('user_id', request.userId, { max: 100 });
  checks.done();
  await deps.staff.require(request.actorUserId, 'reading every account’s invoices');
  const { invoices, total } = await deps.invoices.listAll(
    { status: invoiceStatusName(request.status), shopId, userId, issuedFrom, issuedTo },
    {
      sort: INVOICE_SORTS[request.sort] ?? INVOICE_SORTS[InvoiceSort.INVOICE_SORT_NEWEST]!,
      skip: page.skip,
      limit: page.hitsPerPage,
    },
  );
  return { invoices: invoices.map((invoice) => invoiceMessage(invoice, false)), page: pageResponse(page, total) };
}

/** The stored order of each InvoiceSort (the id breaks ties). */
const INVOICE_SORTS: Readonly<Partial<Record<InvoiceSort, InvoiceOrder>>> = {
  [InvoiceSort.INVOICE_SORT_UNSPECIFIED]: { issuedAt: -1 },
  [InvoiceSort.INVOICE_SORT_NEWEST]: { issuedAt: -1 },
  [InvoiceSort.INVOICE_SORT_OLDEST]: { issuedAt: 1 },
  [InvoiceSort.INVOICE_SORT_AMOUNT_DUE]: { amountDue: -1, issuedAt: -1 },
  [InvoiceSort.INVOICE_SORT_NUMBER]: { number: 1 },
};
