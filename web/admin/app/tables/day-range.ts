import { z } from 'zod';

const day = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))), {
    message: 'date',
  });

/** A table's `from`/`to` day filters (`YYYY-MM-DD`, both optional, `to` not before `from`). */
export const dayRangeShape = { from: day.default(''), to: day.default('') };

export const dayRangeInOrder = (range: { from: string; to: string }): boolean =>
  !range.from || !range.to || range.from <= range.to;

/** The days as a half-open UTC range: `from` at midnight, up to the midnight after `to` (the whole last day). */
export function dayRange(range: { from: string; to: string }): { start: Date | null; end: Date | null } {
  const midnight = (value: string) => new Date(`${value}T00:00:00Z`);
  return {
    start: range.from ? midnight(range.from) : null,
    end: range.to ? new Date(midnight(range.to).getTime() + 86_400_000) : null,
  };
}

/** A failed filter parse as field → reason ('date', 'order', …), for the table's field errors. */
export const filterErrors = (error: z.ZodError): Record<string, string> =>
  Object.fromEntries(error.issues.map((issue) => [String(issue.path[0]), issue.message]));
