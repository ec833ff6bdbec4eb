import { describeEcbFileProblem, isEcbFileProblem, MAX_ECB_FILE_BYTES, parseEcbCsv } from '@pc/fx-rates/ecb-file';
import { ecbRatePairs, type DatedRate } from '@pc/fx-rates/ecb-pairs';
import { fetchErrorLabel, isFetchError } from '@pc/safe-fetch/errors';
import type { SafeFetcher, SafeResponse } from '@pc/safe-fetch/safe-fetcher';
import { ECB_CSV_NAME, ecbCsvOf } from '../domain/ecb-rates-file.js';
import { parseRate } from '../domain/fx-arithmetic.js';
import { storeFxRates, type FxRateWriteDependencies } from '../grpc/fx-rates.js';

/** The recurring job that runs the refresh. */
export const ECB_RATES_JOB = 'offers.ecb-rates';
/** Who the audit log names for the job's writes: no staff user, the job itself. */
export const ECB_RATES_ACTOR = `job:${ECB_RATES_JOB}`;
/** The source of the rates it stores, as the admin panel's upload of the same file sets it. */
export const ECB_SOURCE = 'ECB';

/** The whole exchange with the ECB's server; its file is a few hundred bytes. */
const FETCH_TIMEOUT_MS = 30_000;

/** What a run did (kept as the job's result). */
export interface EcbRatesReport {
  /** The day of the file's rates, "YYYY-MM-DD". */
  readonly day: string;
  /** Rates stored by this run (0: every rate of that day was held already). */
  readonly stored: number;
  /** Rates of that day held already with the same value. */
  readonly unchanged: number;
  /** Pairs left alone: another source (staff by hand) set a rate of theirs for that day ("EUR>CHF (manual)"). */
  readonly kept: readonly string[];
  /** Currencies the file names without a rate. */
  readonly missing: readonly string[];
}

export interface EcbRatesRefreshOptions extends FxRateWriteDependencies {
  readonly fetcher: Pick<SafeFetcher, 'fetch'>;
  /** OFFERS_ECB_RATES_URL. */
  readonly url: string;
}

/**
 * One refresh of the rates from the ECB (ADR 112): the file fetched through the SSRF guard, read
 * and turned into rates by @pc/fx-rates exactly as the admin panel's upload is — every EUR → X
 * rate, its inverse, and each stored pair between two of its currencies as their cross rate — and
 * stored through SetFxRates' path (checked, audited as `fx_rates.set` by the job, used at once).
 * Only rates that differ from those held for the file's day are written, so a file already stored
 * writes nothing; a rate staff set by hand for that day stays. A failed fetch or a file that is
 * not the daily rates throws with the reason, nothing stored.
 */
export class EcbRatesRefresh {
  constructor(private readonly options: EcbRatesRefreshOptions) {}

  async runOnce(log: (line: string) => void, signal?: AbortSignal): Promise<EcbRatesReport> {
    const { url, clock } = this.options;
    log(`fetching ${url}`);
    const csv = ecbCsvOf(await this.download(signal));
    log(
      `read ${csv.from === 'zip' ? `${ECB_CSV_NAME} out of the zip` : 'the CSV answered'} (${csv.text.length} characters)`,
    );
    const file = parseEcbCsv(csv.text);
    if (isEcbFileProblem(file))
      throw new Error(`the file is not the ECB's daily rates: ${describeEcbFileProblem(file)}`);
    const now = clock();
    if (file.day > now.toISOString().slice(0, 10)) throw new Error(`the file's day ${file.day} is after today`);
    log(
      `rates of ${file.day} for ${file.rates.length} currencies` +
        (file.missing.length > 0 ? `; none for ${file.missing.join(', ')}` : ''),
    );

    const pairs = ecbRatePairs(file, await this.options.fx.stored(now));
    const { changed, unchanged, kept } = await this.againstHeld(pairs, file.day);
    const report = { day: file.day, unchanged: unchanged.length, kept, missing: file.missing };
    if (kept.length > 0) log(`kept ${kept.join(', ')}: set for ${file.day} by another source, which wins that day`);
    if (changed.length === 0) {
      log(`nothing new: the ECB's ${unchanged.length} rates of ${file.day} are stored already; nothing written`);
      return { ...report, stored: 0 };
    }
    signal?.throwIfAborted();
    const stored = await storeFxRates(
      {
        actorUserId: ECB_RATES_ACTOR,
        source: ECB_SOURCE,
        rates: changed.map((pair) => ({
          baseCurrency: pair.base,
          quoteCurrency: pair.quote,
          rate: pair.rate,
          asOf: dayStart(pair.day),
        })),
      },
      this.options,
    );
    log(
      `stored ${stored} rates of ${file.day} (source ${ECB_SOURCE})` +
        (unchanged.length > 0 ? `; ${unchanged.length} were held already` : ''),
    );
    return { ...report, stored };
  }

  /** The answer's bytes, or an error saying what the guard refused or the server answered. */
  private async download(signal: AbortSignal | undefined): Promise<Buffer> {
    const { fetcher, url } = this.options;
    let response: SafeResponse;
    try {
      response = await fetcher.fetch(url, {
        maxBytes: MAX_ECB_FILE_BYTES,
        timeoutMs: FETCH_TIMEOUT_MS,
        headers: { accept: 'application/zip, text/csv;q=0.9, */*;q=0.1' },
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      throw fetchFailure(url, error);
    }
    if (response.status !== 200) {
      response.body.destroy();
      throw new Error(`${response.url} answered HTTP ${response.status}`);
    }
    try {
      return await response.buffer();
    } catch (error) {
      throw fetchFailure(url, error);
    }
  }

  /**
   * The file's pairs split by what offers holds for the file's day: the same rate (nothing to
   * write), another source's rate (kept: a correction staff made by hand for that day is not
   * undone every run; the next day's file supersedes it), or none or the ECB's with another
   * value (written).
   */
  private async againstHeld(pairs: readonly DatedRate[], day: string) {
    const start = dayStart(day);
    const held = new Map(
      (await this.options.fx.stored(start))
        .filter((record) => Date.parse(record.asOf) === start.getTime())
        .map((record) => [`${record.base}>${record.quote}`, record]),
    );
    const changed: DatedRate[] = [];
    const unchanged: DatedRate[] = [];
    const kept: string[] = [];
    for (const pair of pairs) {
      const record = held.get(`${pair.base}>${pair.quote}`);
      if (record && parseRate(record.rate) === parseRate(pair.rate)) unchanged.push(pair);
      else if (record && record.source !== ECB_SOURCE) kept.push(`${pair.base}>${pair.quote} (${record.source})`);
      else changed.push(pair);
    }
    return { changed, unchanged, kept };
  }
}

const dayStart = (day: string): Date => new Date(`${day}T00:00:00Z`);

function fetchFailure(url: string, error: unknown): Error {
  if (!isFetchError(error)) return error instanceof Error ? error : new Error(String(error));
  return new Error(`fetching ${url} failed (${fetchErrorLabel(error)}): ${error.message}`);
}
