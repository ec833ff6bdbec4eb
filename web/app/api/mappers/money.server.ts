import type { Money } from '@pc/proto/common/v1/money';

/** Money as the API shows it: minor units (hundredths) and the ISO 4217 code (spec §3, §9). */
export interface MoneyJson {
  readonly amount: number;
  readonly currency: string;
}

/** An absent amount (no offer, no list price) stays null rather than becoming 0. */
export function moneyJson(money: Money | undefined): MoneyJson | null {
  if (!money || !money.currency) return null;
  return { amount: money.amountMinor, currency: money.currency };
}

/** A timestamp as ISO 8601 UTC, or null when the service did not set it. */
export function isoTime(date: Date | undefined): string | null {
  return date ? date.toISOString() : null;
}

/** An empty string from a proto (unset) as null, so callers test one thing. */
export function orNull(text: string): string | null {
  return text === '' ? null : text;
}
