import { z } from 'zod';

/** The invoice statuses the admin panel filters by (billing's InvoiceStatus). */
export const INVOICE_STATUSES = ['open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatusName = (typeof INVOICE_STATUSES)[number];

const day = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))), {
    message: 'date',
  });

/** The invoices table's filters as the URL carries them: `from`/`to` are days (to inclusive). */
const schema = z
  .object({
    status: z.enum(['', ...INVOICE_STATUSES]).catch(''),
    shop: z.string().trim().max(100).default(''),
    account: z.string().trim().max(100).default(''),
    from: day.default(''),
    to: day.default(''),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'], message: 'order' });

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
  if (!parsed.success)
    return {
      ok: false,
      errors: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
    };
  const { status, shop, account, from, to } = parsed.data;
  const dayAfter = (value: string) => new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000);
  return {
    ok: true,
    value: {
      status,
      shopId: shop,
      userId: account,
      issuedFrom: from ? new Date(`${from}T00:00:00Z`) : null,
      issuedTo: to ? dayAfter(to) : null,
    },
  };
}
