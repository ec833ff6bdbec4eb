import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import type { EcbRatesJob, StoredFxRate } from '@pc/proto/offers/v1/types';
import { config } from '../config.server';
import type { EcbJobState } from '../panels/admin/ecb-job-state';
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

const rowOf = (stored: StoredFxRate): FxRateRow => ({
  base: stored.rate?.baseCurrency ?? '',
  quote: stored.rate?.quoteCurrency ?? '',
  rate: stored.rate?.rate ?? '',
  asOf: stored.rate?.asOf?.toISOString() ?? '',
  source: stored.source,
  storedAt: stored.storedAt?.toISOString() ?? '',
});

const iso = (date: Date | undefined): string => date?.toISOString() ?? '';

function jobStateOf(job: EcbRatesJob | undefined): EcbJobState | null {
  if (!job) return null;
  const run = job.lastRun;
  return {
    url: job.url,
    intervalMs: Number(job.intervalMs),
    nextRunAt: iso(job.nextRunAt),
    lastRun: run
      ? {
          jobId: run.jobId,
          state: run.state,
          finishedAt: iso(run.finishedAt ?? run.startedAt),
          error: run.error,
          ratesDay: run.ratesDay,
          stored: run.stored,
        }
      : null,
  };
}

/**
 * The FX rates page's data in one ListFxRates (staff:admin): every stored pair's rate in effect
 * now with its source, and offers' ECB rates job (null when it is switched off).
 */
export async function fxRatesOverview(actorUserId: string): Promise<{ rows: FxRateRow[]; ecbJob: EcbJobState | null }> {
  const { rates, ecbRatesJob } = await offers.listFxRates({ actorUserId, at: undefined });
  return { rows: rates.map(rowOf), ecbJob: jobStateOf(ecbRatesJob) };
}

/** Every stored pair's rate in effect now, with its source (offers' ListFxRates; staff:admin). */
export async function fxRateRows(actorUserId: string): Promise<FxRateRow[]> {
  return (await fxRatesOverview(actorUserId)).rows;
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
