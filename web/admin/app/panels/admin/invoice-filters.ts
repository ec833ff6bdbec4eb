import { z } from 'zod';
import { dayRange, dayRangeInOrder, dayRangeShape, filterErrors } from '../../tables/day-range';

/** The invoice statuses the admin panel filters by (billing's InvoiceStatus). */
export const INVOICE_STATUSES = ['open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatusName = (typeof INVOICE_STATUSES)[number];

/** The invoices table's filters as the URL carries them: `from`/`to` are days (to inclusive). */
const schema = z
  .object({
    status: z.enum(['', ...INVOICE_STATUSES]).catch(''),
    shop: z.string().trim().max(100).default(''),
    account: z.string().trim().max(100).default(''),
    ...dayRangeShape,
  })
  .refine(dayRangeInOrder, { path: ['to'], message: 'order' });

export interface InvoiceFilters {
  readonly status: InvoiceStatusName | '';
  readonly shopId: string;
  readonly userId: string;
  /** Issued at or after (inclusive), UTC midnight; null: open. */
  readonly issuedFrom: Date | null;
  /** Issued before this UTC midnight (the day after `to`); null: open. */
  readonly issuedTo: Date | null;
}

/** The filters, or the fields that are wrong ('date': not a day, 'order': to before from). */
export function readInvoiceFilters(
  filters: Readonly<Record<string, string>>,
): { ok: true; value: InvoiceFilters } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(filters);
  if (!parsed.success) return { ok: false, errors: filterErrors(parsed.error) };
  const { status, shop, account } = parsed.data;
  const { start, end } = dayRange(parsed.data);
  return { ok: true, value: { status, shopId: shop, userId: account, issuedFrom: start, issuedTo: end } };
}
