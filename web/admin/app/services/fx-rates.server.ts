import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { config } from '../config.server';
import { client } from './grpc.server';

const offers = client(OffersServiceService, config.OFFERS_GRPC_ADDR);

/** A stored rate as the admin panel lists it (times ISO 8601 UTC). */
export interface FxRateRow {
  readonly base: string;
  readonly quote: string;
  /** Units of quote per 1 base, a decimal string as stored. */
  readonly rate: string;
  readonly asOf: string;
  readonly source: string;
  readonly storedAt: string;
}

/** A rate to store: valid from the start (00:00 UTC) of its day. */
export interface NewFxRate {
  readonly base: string;
  readonly quote: string;
  readonly rate: string;
  /** "YYYY-MM-DD". */
  readonly day: string;
}

/** Every stored pair's rate in effect now, with its source (offers' ListFxRates; staff:admin). */
export async function fxRateRows(actorUserId: string): Promise<FxRateRow[]> {
  const { rates } = await offers.listFxRates({ actorUserId, at: undefined });
  return rates.map((stored) => ({
    base: stored.rate?.baseCurrency ?? '',
    quote: stored.rate?.quoteCurrency ?? '',
    rate: stored.rate?.rate ?? '',
    asOf: stored.rate?.asOf?.toISOString() ?? '',
    source: stored.source,
    storedAt: stored.storedAt?.toISOString() ?? '',
  }));
}

/** Stores rates in one call (offers checks staff:admin and audits it); answers how many it stored. */
export async function setFxRates(actorUserId: string, rates: readonly NewFxRate[], source: string): Promise<number> {
  const { stored } = await offers.setFxRates({
    actorUserId,
    source,
    rates: rates.map(({ base, quote, rate, day }) => ({
      baseCurrency: base,
      quoteCurrency: quote,
      rate,
      asOf: new Date(`${day}T00:00:00Z`),
    })),
  });
  return stored;
}
