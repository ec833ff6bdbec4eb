import type { FxRate } from '@pc/proto/common/v1/money';
import { formatRate } from '../domain/fx-arithmetic.js';
import type { FxRateBook, ResolvedRate } from '../domain/fx-rate-book.js';
import type { MoneyRecord } from '../domain/money.js';

export const toFxRateMessage = (rate: ResolvedRate): FxRate => ({
  baseCurrency: rate.base,
  quoteCurrency: rate.quote,
  rate: formatRate(rate.scaled),
  asOf: rate.asOf,
});

/**
 * A price converted for display with the latest rate; undefined when no conversion was asked,
 * none is needed, or no rate connects the currencies (the caller then shows the original price,
 * which carries its currency: display never fails a listing).
 */
export function displayOf(
  book: FxRateBook,
  money: MoneyRecord,
  displayCurrency: string,
  now: Date,
): { money: MoneyRecord; rate: FxRate | undefined } | undefined {
  if (!displayCurrency || displayCurrency === money.currency) return undefined;
  const converted = book.convert(money, displayCurrency, now);
  if (!converted?.rate) return undefined;
  return { money: converted.money, rate: toFxRateMessage(converted.rate) };
}
