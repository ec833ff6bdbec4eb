import type {
  GetFxRatesRequest,
  GetFxRatesResponse,
  ListFxRatesRequest,
  ListFxRatesResponse,
  SetFxRatesRequest,
  SetFxRatesResponse,
} from '@pc/proto/offers/v1/offers';
import type { FxRate } from '@pc/proto/common/v1/money';
import type { StoredFxRate } from '@pc/proto/offers/v1/types';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { parseRate } from '../domain/fx-arithmetic.js';
import type { FxRateRecord } from '../store/fx-rate-repository.js';
import type { OffersDependencies } from './dependencies.js';
import { toFxRateMessage } from './display.js';
import { RequestChecks } from './request-fields.js';

const MAX_RATES = 500;

/** The panel whose role FX rates need (the actor rules' default) and whose audit log has them. */
const PANEL = 'admin';

/** A stored record as ListFxRates and the audit log show it. */
const storedFxRate = (record: FxRateRecord): StoredFxRate => ({
  rate: { baseCurrency: record.base, quoteCurrency: record.quote, rate: record.rate, asOf: new Date(record.asOf) },
  source: record.source,
  storedAt: new Date(record.storedAt),
});

const auditedRate = (record: FxRateRecord) => ({
  base: record.base,
  quote: record.quote,
  rate: record.rate,
  asOf: record.asOf,
  source: record.source,
});

/** What a write of rates needs: the rate book, the audit log and the service's clock. */
export type FxRateWriteDependencies = Pick<OffersDependencies, 'fx' | 'audit' | 'clock'>;

/** A write of rates: who writes them (a staff user, or a job's name) and their source. */
export interface FxRateWrite {
  readonly actorUserId: string;
  readonly source: string;
  readonly rates: readonly FxRate[];
}

/**
 * SetFxRates: stores rates (every rate is kept: history conversions use the rate of their day).
 * A rate is a positive decimal string with up to 10 fractional digits; as_of defaults to now.
 * Audited (staff:admin's log): the pairs' rates valid before and what was stored, under the source.
 */
export async function setFxRates(request: SetFxRatesRequest, deps: OffersDependencies): Promise<SetFxRatesResponse> {
  const actorUserId = request.actorUserId.trim();
  await deps.actors.requireStaff(actorUserId, 'setting FX rates');
  return { stored: await storeFxRates({ actorUserId, source: request.source, rates: request.rates }, deps) };
}

/**
 * Checks and stores rates, and records the write in the admin panel's audit log: SetFxRates'
 * path after its staff check, and offers' ECB job's. Bad input is INVALID_ARGUMENT with nothing
 * stored; the rate book uses what was stored at once. Answers how many rates were stored.
 */
export async function storeFxRates(write: FxRateWrite, deps: FxRateWriteDependencies): Promise<number> {
  const checks = new RequestChecks();
  if (write.rates.length === 0) checks.add('rates', 'at least one rate is required', 'required');
  if (write.rates.length > MAX_RATES) checks.add('rates', `at most ${MAX_RATES} rates`, 'max');
  const now = deps.clock();
  const source = write.source.trim().slice(0, 100);
  const records: FxRateRecord[] = write.rates.map((rate, index) => {
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
  const pairs = new Set(records.map((record) => `${record.base}>${record.quote}`));
  const before = (await deps.fx.stored(now)).filter((record) => pairs.has(`${record.base}>${record.quote}`));
  await deps.audit.around(
    {
      actorUserId: write.actorUserId,
      panel: PANEL,
      action: 'fx_rates.set',
      entityType: 'fx_rates',
      entityId: source,
      before: { rates: before.map(auditedRate) },
    },
    () => deps.fx.store(records),
    () => ({ rates: records.map(auditedRate) }),
  );
  return records.length;
}

/**
 * ListFxRates: every stored pair's rate valid at a time (now by default), with its source, and
 * the ECB rates job's schedule and last run when it is switched on; staff:admin.
 */
export async function listFxRates(request: ListFxRatesRequest, deps: OffersDependencies): Promise<ListFxRatesResponse> {
  await deps.actors.requireStaff(request.actorUserId.trim(), 'listing FX rates');
  const [records, ecbRatesJob] = await Promise.all([deps.fx.stored(request.at ?? deps.clock()), deps.ecbRates?.view()]);
  return { rates: records.map(storedFxRate), ecbRatesJob };
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
