import { LogLevel, type ListRecentLogsRequest } from '@pc/proto/staff/v1/logs';
import { InvalidArgumentError, type FieldViolation } from '../errors/domain-errors.js';
import type { KeptLevel, LogQuery } from '../logging/log-ring.js';

const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1_000;
const TRACE_ID = /^[0-9a-f]{32}$/;
/** Clocks of the panel and the service may differ a little: `since` that far ahead is no typo. */
const CLOCK_SKEW_MS = 60_000;

const LEVELS: Readonly<Partial<Record<LogLevel, KeptLevel>>> = {
  [LogLevel.LOG_LEVEL_UNSPECIFIED]: 'warn',
  [LogLevel.LOG_LEVEL_WARN]: 'warn',
  [LogLevel.LOG_LEVEL_ERROR]: 'error',
  [LogLevel.LOG_LEVEL_FATAL]: 'fatal',
};

export const LEVEL_OF_KEPT: Readonly<Record<KeptLevel, LogLevel>> = {
  warn: LogLevel.LOG_LEVEL_WARN,
  error: LogLevel.LOG_LEVEL_ERROR,
  fatal: LogLevel.LOG_LEVEL_FATAL,
};

/** The ring's query of a request: every filter checked, each bad one named by its field. */
export function logQueryOf(request: ListRecentLogsRequest, now: Date = new Date()): LogQuery {
  const violations: FieldViolation[] = [];
  const minLevel = LEVELS[request.minLevel];
  if (!minLevel) violations.push({ field: 'min_level', reason: 'must be warn, error or fatal', rule: 'in' });
  const since = request.since;
  if (since && (Number.isNaN(since.getTime()) || since.getTime() > now.getTime() + CLOCK_SKEW_MS))
    violations.push({ field: 'since', reason: 'must not be in the future', rule: 'before' });
  const contains = request.contains.trim();
  if (contains.length > 200 || /\p{Cc}/u.test(contains))
    violations.push({ field: 'contains', reason: 'must be at most 200 printable characters', rule: 'pattern' });
  const traceId = request.traceId.trim().toLowerCase();
  if (traceId && !TRACE_ID.test(traceId))
    violations.push({ field: 'trace_id', reason: 'must be 32 hexadecimal digits', rule: 'pattern' });
  const size = request.page?.pageSize ?? 0;
  if (size < 0 || size > MAX_PAGE_SIZE)
    violations.push({ field: 'page.page_size', reason: `must be 0 to ${MAX_PAGE_SIZE}`, rule: 'between' });
  const token = request.page?.pageToken ?? '';
  if (token && !/^[1-9][0-9]{0,15}$/.test(token))
    violations.push({ field: 'page.page_token', reason: 'is not a token this service answered', rule: 'pattern' });
  if (violations.length > 0) throw new InvalidArgumentError(violations);
  return {
    minLevel: minLevel ?? 'warn',
    ...(since ? { since } : {}),
    ...(contains ? { contains: contains.toLowerCase() } : {}),
    ...(traceId ? { traceId } : {}),
    ...(token ? { before: Number(token) } : {}),
    limit: size || DEFAULT_PAGE_SIZE,
  };
}
