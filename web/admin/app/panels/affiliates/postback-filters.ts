import { z } from 'zod';
import { dayRange, dayRangeInOrder, dayRangeShape, filterErrors } from '../../tables/day-range';

/** Outcomes as the postback log filters them (affiliates' PostbackOutcome, in the gateway's names). */
export const POSTBACK_OUTCOME_NAMES = [
  'accepted',
  'duplicate',
  'unknown_network',
  'bad_signature',
  'stale',
  'invalid',
  'unknown_transaction',
  'inactive_account',
  'failed',
] as const;

const schema = z
  .object({
    network: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9_-]{0,40}$/, 'network')
      .default(''),
    status: z.enum(['', ...POSTBACK_OUTCOME_NAMES]).catch(''),
    ...dayRangeShape,
  })
  .refine(dayRangeInOrder, { path: ['to'], message: 'order' });

/** The postback log's filters from the URL (`status` is the outcome), or the fields that are wrong. */
export function readPostbackFilters(
  filters: Readonly<Record<string, string>>,
):
  | { ok: true; value: { network: string; outcome: string; from: Date | null; to: Date | null } }
  | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(filters);
  if (!parsed.success) return { ok: false, errors: filterErrors(parsed.error) };
  const { start, end } = dayRange(parsed.data);
  return { ok: true, value: { network: parsed.data.network, outcome: parsed.data.status, from: start, to: end } };
}
