import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { LogAdminServiceService, LogLevel, type ListRecentLogsResponse, type LogRecord } from '@pc/proto/staff/v1/logs';
import { config } from '../../config.server';
import { SERVICE_ADDRESSES, SERVICE_NAMES } from '../../services/addresses.server';
import { client } from '../../services/grpc.server';
import type { TablePage, TableQuery } from '../../tables/table-query';
import { LOG_SINCE, type LogFilters, type LogLevelName } from './log-filters';
import { callEveryReplica } from './replica-calls';

/** One record as the logs table shows it; `fields` is the record's other fields, pretty-printed. */
export interface LogRow {
  readonly id: string;
  readonly time: string;
  readonly level: LogLevelName;
  readonly service: string;
  readonly instance: string;
  readonly message: string;
  readonly traceId: string;
  readonly spanId: string;
  readonly fields: string;
  readonly truncated: boolean;
}

export interface LogTable {
  readonly page: TablePage<LogRow>;
  /** Replicas that did not answer (down, too slow), as "service (address)": named on the page, the others still shown. */
  readonly unreachable: string[];
  /** Replicas that serve no LogAdminService (not yet mounting it), as "service (address)". */
  readonly notServing: string[];
}

/** Each replica is asked for at most this many records: the newest pages of the merge. */
const MAX_PER_REPLICA = 1_000;
/**
 * A replica that has not answered by then is named as not answering: the page waits at most the
 * names' resolution and one such deadline, every replica of every service being asked at once.
 */
const REPLICA_DEADLINE_MS = Math.min(config.SERVICE_DEADLINE_MS, 3_000);
const RESOLVE_TIMEOUT_MS = 2_000;

const LEVELS: Readonly<Record<LogLevelName, LogLevel>> = {
  warn: LogLevel.LOG_LEVEL_WARN,
  error: LogLevel.LOG_LEVEL_ERROR,
  fatal: LogLevel.LOG_LEVEL_FATAL,
};
const LEVEL_NAMES: Readonly<Partial<Record<LogLevel, LogLevelName>>> = {
  [LogLevel.LOG_LEVEL_WARN]: 'warn',
  [LogLevel.LOG_LEVEL_ERROR]: 'error',
  [LogLevel.LOG_LEVEL_FATAL]: 'fatal',
};

/** A client of one replica: its own address, over the process's channel to it (same identity and TLS). */
const replicaLogs = (address: string) => client(LogAdminServiceService, address, REPLICA_DEADLINE_MS);

const isRpc = (error: unknown, code: GrpcStatus): error is RpcError => error instanceof RpcError && error.code === code;

function prettyFields(json: string, truncated: boolean): string {
  if (truncated) return json;
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}

const logRow = (record: LogRecord, index: number): LogRow => ({
  id: `${record.service}/${record.instance}/${record.time?.toISOString() ?? ''}/${index}`,
  time: record.time?.toISOString() ?? '',
  level: LEVEL_NAMES[record.level] ?? 'warn',
  service: record.service,
  instance: record.instance,
  message: record.message,
  traceId: record.traceId,
  spanId: record.spanId,
  fields: prettyFields(record.fieldsJson, record.truncated),
  truncated: record.truncated,
});

/**
 * One answer per instance: a name resolving to two addresses of one process (`localhost` to
 * 127.0.0.1 and ::1) reaches the same ring twice.
 */
function oncePerInstance(answers: readonly ListRecentLogsResponse[]): ListRecentLogsResponse[] {
  const seen = new Set<string>();
  return answers.filter((answer) => {
    if (answer.instance === '') return true;
    const key = `${answer.service}/${answer.instance}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Records of the replicas that answered, once per instance, merged newest first and cut to the table's page. */
export function mergedLogPage(
  answers: readonly ListRecentLogsResponse[],
  query: Pick<TableQuery, 'page' | 'size'>,
): TablePage<LogRow> {
  const distinct = oncePerInstance(answers);
  const merged = distinct
    .flatMap((answer) => answer.records)
    .sort((a, b) => (b.time?.getTime() ?? 0) - (a.time?.getTime() ?? 0));
  const more = distinct.some((answer) => (answer.page?.nextPageToken ?? '') !== '');
  const start = (query.page - 1) * query.size;
  return {
    rows: merged.slice(start, start + query.size).map((record, i) => logRow(record, start + i)),
    page: query.page,
    size: query.size,
    total: merged.length,
    pages: Math.ceil(merged.length / query.size),
    ...(more ? { totalIsLowerBound: true } : {}),
  };
}

/**
 * The recent warnings and errors of every replica of every service (or of the one chosen)
 * matching the filters, merged newest first and cut to the table's page. Each replica checks
 * staff:infrastructure and answers for itself; one that does not answer within the deadline is
 * named by its service and address, not fatal.
 */
export async function recentLogTable(
  actorUserId: string,
  filters: LogFilters,
  query: Pick<TableQuery, 'page' | 'size'>,
  now: Date = new Date(),
): Promise<LogTable> {
  const wanted = Math.min(MAX_PER_REPLICA, query.page * query.size);
  const services = SERVICE_NAMES.filter((service) => filters.service === null || service === filters.service);
  const request = {
    actorUserId,
    minLevel: LEVELS[filters.level],
    since: filters.since ? new Date(now.getTime() - LOG_SINCE[filters.since]) : undefined,
    contains: filters.text,
    traceId: filters.traceId,
    page: { pageSize: wanted, pageToken: '' },
  };
  const unreachable: string[] = [];
  const notServing: string[] = [];
  const answered: ListRecentLogsResponse[] = [];
  const outcomes = await Promise.all(
    services.map(async (service) => ({
      service,
      replicas: await callEveryReplica(
        SERVICE_ADDRESSES[service],
        (address) => replicaLogs(address).listRecentLogs(request),
        { resolveTimeoutMs: RESOLVE_TIMEOUT_MS },
      ),
    })),
  );
  for (const { service, replicas } of outcomes) {
    for (const replica of replicas) {
      if (replica.ok) {
        answered.push(replica.value);
        continue;
      }
      if (isRpc(replica.error, GrpcStatus.PERMISSION_DENIED)) throw replica.error;
      const named = `${service} (${replica.address})`;
      if (isRpc(replica.error, GrpcStatus.UNIMPLEMENTED)) notServing.push(named);
      else unreachable.push(named);
    }
  }
  return { page: mergedLogPage(answered, query), unreachable, notServing };
}
