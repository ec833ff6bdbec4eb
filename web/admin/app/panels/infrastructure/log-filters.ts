/** The levels the logs page filters by: records at this level or above. */
export const LOG_LEVELS = ['warn', 'error', 'fatal'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

/** How far back the page looks (the services keep about their last 2,000 records anyway). */
export const LOG_SINCE = { '15m': 15 * 60_000, '1h': 3_600_000, '6h': 6 * 3_600_000, '24h': 86_400_000 } as const;
export type LogSince = keyof typeof LOG_SINCE;

export interface LogFilters {
  /** One service, or every service (null). */
  readonly service: string | null;
  readonly level: LogLevelName;
  readonly text: string;
  readonly traceId: string;
  readonly since: LogSince | null;
}

const TRACE_ID = /^[0-9a-f]{32}$/;

/**
 * The logs page's filters from the URL (`service` one of `services`, `level`, `q`, `trace`,
 * `since`), or the fields that are wrong, each with the message key that says why.
 */
export function readLogFilters(
  filters: Readonly<Record<string, string>>,
  services: readonly string[],
): { ok: true; value: LogFilters } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const service = (filters.service ?? '').trim();
  if (service && !services.includes(service)) errors.service = 'logs.badService';
  const level = (filters.level ?? '').trim() || 'warn';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) errors.level = 'logs.badLevel';
  const text = (filters.q ?? '').trim();
  if (/\p{Cc}/u.test(text)) errors.q = 'logs.badText';
  const traceId = (filters.trace ?? '').trim().toLowerCase();
  if (traceId && !TRACE_ID.test(traceId)) errors.trace = 'logs.badTrace';
  const since = (filters.since ?? '').trim();
  if (since && !(since in LOG_SINCE)) errors.since = 'logs.badSince';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      service: service || null,
      level: level as LogLevelName,
      text,
      traceId,
      since: since ? (since as LogSince) : null,
    },
  };
}
