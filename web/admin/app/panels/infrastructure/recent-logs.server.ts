import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { LogAdminServiceService, LogLevel, type ListRecentLogsResponse, type LogRecord } from '@pc/proto/staff/v1/logs';
import { SERVICE_ADDRESSES, SERVICE_NAMES, type ServiceName } from '../../services/addresses.server';
import { client } from '../../services/grpc.server';
import type { TablePage, TableQuery } from '../../tables/table-query';
import { LOG_SINCE, type LogFilters, type LogLevelName } from './log-filters';

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
  /** Services that did not answer (down, too slow): named on the page, the others still shown. */
  readonly unreachable: string[];
  /** Services that serve no LogAdminService (not yet mounting it). */
  readonly notServing: string[];
}

/** Each service is asked for at most this many records: the newest pages of the merge. */
const MAX_PER_SERVICE = 1_000;

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

const logs = (service: ServiceName) => client(LogAdminServiceService, SERVICE_ADDRESSES[service]);

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
 * The recent warnings and errors of every service (or the one chosen) matching the filters,
 * merged newest first and cut to the table's page. Each service checks staff:infrastructure and
 * answers for the instance the call reached; one that does not answer is named, not fatal.
 */
export async function recentLogTable(
  actorUserId: string,
  filters: LogFilters,
  query: Pick<TableQuery, 'page' | 'size'>,
  now: Date = new Date(),
): Promise<LogTable> {
  const wanted = Math.min(MAX_PER_SERVICE, query.page * query.size);
  const services = SERVICE_NAMES.filter((service) => filters.service === null || service === filters.service);
  const unreachable: string[] = [];
  const notServing: string[] = [];
  const answers = await Promise.all(
    services.map(async (service): Promise<ListRecentLogsResponse | null> => {
      try {
        return await logs(service).listRecentLogs({
          actorUserId,
          minLevel: LEVELS[filters.level],
          since: filters.since ? new Date(now.getTime() - LOG_SINCE[filters.since]) : undefined,
          contains: filters.text,
          traceId: filters.traceId,
          page: { pageSize: wanted, pageToken: '' },
        });
      } catch (error) {
        if (isRpc(error, GrpcStatus.PERMISSION_DENIED)) throw error;
        if (isRpc(error, GrpcStatus.UNIMPLEMENTED)) notServing.push(service);
        else unreachable.push(service);
        return null;
      }
    }),
  );
  const answered = answers.filter((answer): answer is ListRecentLogsResponse => answer !== null);
  const merged = answered
    .flatMap((answer) => answer.records)
    .sort((a, b) => (b.time?.getTime() ?? 0) - (a.time?.getTime() ?? 0));
  const more = answered.some((answer) => (answer.page?.nextPageToken ?? '') !== '');
  const start = (query.page - 1) * query.size;
  return {
    page: {
      rows: merged.slice(start, start + query.size).map((record, i) => logRow(record, start + i)),
      page: query.page,
      size: query.size,
      total: merged.length,
      pages: Math.ceil(merged.length / query.size),
      ...(more ? { totalIsLowerBound: true } : {}),
    },
    unreachable,
    notServing,
  };
}
