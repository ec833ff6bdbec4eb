import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { BillingServiceService, InvoiceSort } from '@pc/proto/billing/v1/billing';
import { InvoiceStatus, type Invoice } from '@pc/proto/billing/v1/types';
import { config } from '../config.server';
import type { InvoiceFilters, InvoiceStatusName } from '../panels/admin/invoice-filters';
import type { TablePage, TableQuery } from '../tables/table-query';
import { client } from './grpc.server';
import { formatMoney as money } from './money';
import { pageRequest, tablePage } from '../tables/table-page';

const billing = client(BillingServiceService, config.BILLING_GRPC_ADDR);

const STATUS_ENUM: Readonly<Record<InvoiceStatusName, InvoiceStatus>> = {
  open: InvoiceStatus.INVOICE_STATUS_OPEN,
  paid: InvoiceStatus.INVOICE_STATUS_PAID,
  void: InvoiceStatus.INVOICE_STATUS_VOID,
  uncollectible: InvoiceStatus.INVOICE_STATUS_UNCOLLECTIBLE,
};

const statusName = (status: InvoiceStatus): string =>
  (Object.entries(STATUS_ENUM) as [InvoiceStatusName, InvoiceStatus][]).find(([, value]) => value === status)?.[0] ??
  'draft';

/** An invoice as the admin panel lists it. */
export interface InvoiceRow {
  readonly id: string;
  readonly number: string;
  readonly userId: string;
  readonly status: string;
  readonly total: string;
  readonly amountDue: string;
  readonly issuedAt: string;
  readonly dueAt: string;
  readonly paidAt: string;
}

const invoiceRow = (invoice: Invoice): InvoiceRow => ({
  id: invoice.id,
  number: invoice.number,
  userId: invoice.userId,
  status: statusName(invoice.status),
  total: money(invoice.total),
  amountDue: money(invoice.amountDue),
  issuedAt: invoice.issuedAt?.toISOString() ?? '',
  dueAt: invoice.dueAt?.toISOString() ?? '',
  paidAt: invoice.paidAt?.toISOString() ?? '',
});

export const INVOICE_SORTS = ['issued', 'due', 'number'] as const;

function sort(query: TableQuery): InvoiceSort {
  if (query.sort === 'due') return InvoiceSort.INVOICE_SORT_AMOUNT_DUE;
  if (query.sort === 'number') return InvoiceSort.INVOICE_SORT_NUMBER;
  return query.dir === 'asc' ? InvoiceSort.INVOICE_SORT_OLDEST : InvoiceSort.INVOICE_SORT_NEWEST;
}

/** ListAllInvoices: billing checks staff:admin; filtered, sorted and paged by billing. */
export async function invoiceTable(
  actorUserId: string,
  query: TableQuery,
  filters: InvoiceFilters,
): Promise<TablePage<InvoiceRow>> {
  const answer = await billing.listAllInvoices({
    actorUserId,
    status: filters.status ? STATUS_ENUM[filters.status] : InvoiceStatus.INVOICE_STATUS_UNSPECIFIED,
    shopId: filters.shopId,
    userId: filters.userId,
    issuedFrom: filters.issuedFrom ?? undefined,
    issuedTo: filters.issuedTo ?? undefined,
    sort: sort(query),
    page: pageRequest(query),
  });
  return tablePage(answer.invoices.map(invoiceRow), answer.page, query);
}

/** The invoice as its HTML document (RenderInvoice: an admin reads any account's); null when unknown. */
export async function invoiceDocument(
  actorUserId: string,
  invoiceId: string,
  language: string,
): Promise<{ contentType: string; filename: string; body: Uint8Array } | null> {
  try {
    const { contentType, filename, body } = await billing.renderInvoice({ actorUserId, invoiceId, language });
    return { contentType, filename, body };
  } catch (error) {
    if (error instanceof RpcError && [GrpcStatus.NOT_FOUND, GrpcStatus.INVALID_ARGUMENT].includes(error.code))
      return null;
    throw error;
  }
}
