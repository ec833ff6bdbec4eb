import type {
  GetFxRatesRequest,
  GetFxRatesResponse,
  SetFxRatesRequest,
  SetFxRatesResponse,
} from '@pc/proto/offers/v1/offers';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { parseRate } from '../domain/fx-arithmetic.js';
import type { FxRateRecord } from '../store/fx-rate-repository.js';
import type { OffersDependencies } from './dependencies.js';
import { toFxRateMessage } from './display.js';
import { RequestChecks } from './request-fields.js';

const MAX_RATES = 500;

/**
 * SetFxRates: stores rates (every rate is kept: history conversions use the rate of their day).
 * A rate is a positive decimal string with up to 10 fractional digits; as_of defaults to now.
 */
export async function setFxRates(request: SetFxRatesRequest, deps: OffersDependencies): Promise<SetFxRatesResponse> {
  await deps.actors.requireStaff(request.actorUserId, 'setting FX rates');
  const checks = new RequestChecks();
  if (request.rates.length === 0) checks.add('rates', 'at least one rate is required', 'required');
  if (request.rates.length > MAX_RATES) checks.add('rates', `at most ${MAX_RATES} rates`, 'max');
  const now = deps.clock();
  const source = request.source.trim().slice(0, 100);
  const records: FxRateRecord[] = request.rates.map((rate, index) => {
    const base = checks.currency(`rates[${index}].base_currency`, rate.baseCurrency);
    const quote = checks.currency(`rates[${index}].quote_currency`, rate.quoteCurrency);
    if (!base) checks.add(`rates[${index}].base_currency`, 'is required', 'required');
    if (!quote) checks.add(`rates[${index}].quote_currency`, 'is required', 'required');
    if (base && base === quote)
      checks.add(`rates[${index}].quote_currency`, 'must differ from base_currency', 'different');
    if (parseRate(rate.rate.trim()) === null)
      checks.add(
        `rates[${index}].rate`,
        'must be a positive decimal with at most 10 fractional digits, e.g. "1.0734"',
        'numeric',
      );
    const asOf = (rate.asOf ?? now).toISOString();
    return {
      _id: `${base}${quote}:${asOf}`,
      base,
      quote,
      rate: rate.rate.trim(),
      asOf,
      source,
      storedAt: now.toISOString(),
    };
  });
  checks.done();
  await deps.fx.store(records);
  return { stored: records.length };
}

/**
 * GetFxRates: the rates valid at a time (latest by default) from a base currency; a quote without
 * a stored rate is served by the inverse or through a pivot currency, else NOT_FOUND
 * (FX_RATE_MISSING).
 */
export async function getFxRates(request: GetFxRatesRequest, deps: OffersDependencies): Promise<GetFxRatesResponse> {
  const checks = new RequestChecks();
  const base = checks.currency('base_currency', request.baseCurrency);
  if (!base) checks.add('base_currency', 'is required', 'required');
  const quotes = request.quoteCurrencies.map((quote, index) => checks.currency(`quote_currencies[${index}]`, quote));
  checks.done();
  const book = await deps.fx.current();
  const at = request.at ?? deps.clock();
  const wanted = quotes.length > 0 ? [...new Set(quotes)].filter((quote) => quote !== base) : book.quotesOf(base);
  return {
    rates: wanted.map((quote) => {
      const rate = book.resolve(base, quote, at);
      if (!rate) throw new NotFoundError('fx rate', `${base}/${quote}`, { reason: 'FX_RATE_MISSING' });
      return toFxRateMessage(rate);
    }),
  };
}
