import type { Money } from '@pc/proto/common/v1/money';

/** Money as stored in documents: integer minor units and an ISO 4217 code. */
export interface MoneyRecord {
  readonly amountMinor: number;
  readonly currency: string;
}

export const toMoneyMessage = (money: MoneyRecord): Money => ({
  amountMinor: money.amountMinor,
  currency: money.currency,
});

export const toMoneyOrUndefined = (money: MoneyRecord | null): Money | undefined =>
  money ? toMoneyMessage(money) : undefined;

export const sameMoney = (a: MoneyRecord | null, b: MoneyRecord | null): boolean =>
  a === b || (a !== null && b !== null && a.amountMinor === b.amountMinor && a.currency === b.currency);
