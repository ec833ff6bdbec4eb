/** Offers' ECB rates job as the FX rates page shows it (ListFxRates; times ISO 8601 UTC, '' when unset). */
export interface EcbJobState {
  /** The file it fetches. */
  readonly url: string;
  readonly intervalMs: number;
  readonly nextRunAt: string;
  readonly lastRun: {
    readonly jobId: string;
    /** The job's state: succeeded, failed, retrying, cancelled. */
    readonly state: string;
    readonly finishedAt: string;
    readonly error: string;
    /** The day of the rates the file held; '' when it failed before reading them. */
    readonly ratesDay: string;
    readonly stored: number;
  } | null;
}

/** One sentence of the page about the job: a message key, its values, and whether it is bad news. */
export interface EcbJobLine {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly bad?: boolean;
}

const HOUR_MS = 3_600_000;

/** An interval as people read it: "4 h", "90 min", "45 s". */
export function intervalText(ms: number): string {
  if (ms >= HOUR_MS && ms % HOUR_MS === 0) return `${ms / HOUR_MS} h`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${Math.round(ms / 1_000)} s`;
}

/** A time as the page shows times: "2026-12-06 15:04 UTC". */
const at = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/**
 * What the page says of the rates' refresh: that nothing fetches them (the job is switched off),
 * or how often offers fetches the ECB's file, how its last run ended and when the next is due.
 */
export function ecbJobLines(job: EcbJobState | null): EcbJobLine[] {
  if (!job) return [{ key: 'fx.auto.off' }];
  const lines: EcbJobLine[] = [{ key: 'fx.auto.on', params: { every: intervalText(job.intervalMs), url: job.url } }];
  const run = job.lastRun;
  if (!run) lines.push({ key: 'fx.auto.noRun' });
  else if (run.state === 'succeeded')
    lines.push(
      run.stored > 0
        ? { key: 'fx.auto.stored', params: { at: at(run.finishedAt), count: run.stored, day: run.ratesDay } }
        : { key: 'fx.auto.unchanged', params: { at: at(run.finishedAt), day: run.ratesDay } },
    );
  else
    lines.push({
      key: 'fx.auto.failed',
      params: { at: at(run.finishedAt), state: run.state, error: run.error || run.state },
      bad: true,
    });
  lines.push(job.nextRunAt ? { key: 'fx.auto.next', params: { at: at(job.nextRunAt) } } : { key: 'fx.auto.running' });
  return lines;
}
