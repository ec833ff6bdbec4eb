import { z } from 'zod';
import { dayRange, dayRangeInOrder, dayRangeShape, filterErrors } from '../../tables/day-range';

/** Transaction statuses as the transactions table filters them (affiliates' TransactionStatus). */
export const TRANSACTION_STATUS_NAMES = ['pending', 'approved', 'declined'] as const;

const schema = z
  .object({
    network: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9_-]{0,40}$/, 'network'),
    status: z.enum(['', ...TRANSACTION_STATUS_NAMES]).catch(''),
    shop: z.string().trim().max(100).default(''),
    ...dayRangeShape,
  })
  .partial({ network: true })
  .refine(dayRangeInOrder, { path: ['to'], message: 'order' });

export interface TransactionFilters {
  readonly network: string;
  readonly status: string;
  readonly shopId: string;
  readonly from: Date | null;
  readonly to: Date | null;
}

/** The transactions table's filters from the URL, or the fields that are wrong. */
export function readTransactionFilters(
  filters: Readonly<Record<string, string>>,
): { ok: true; value: TransactionFilters } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(filters);
  if (!parsed.success) return { ok: false, errors: filterErrors(parsed.error) };
  const { start, end } = dayRange(parsed.data);
  return {
    ok: true,
    value: {
      network: parsed.data.network ?? '',
      status: parsed.data.status,
      shopId: parsed.data.shop,
      from: start,
      to: end,
    },
  };
}
