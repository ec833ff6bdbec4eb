import type { Money } from '@pc/proto/common/v1/money';

/** "CHF 12.50": an amount as staff tables show it (currency code first, two decimals); '' when absent. */
export const formatMoney = (value: Money | undefined): string =>
  value ? `${value.currency} ${(Number(value.amountMinor) / 100).toFixed(2)}` : '';
