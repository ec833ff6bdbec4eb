import { LogLevel, type ListRecentLogsResponse, type LogRecord } from '@pc/proto/staff/v1/logs';
import { mergedLogPage } from './recent-logs.server';

const record = (instance: string, message: string, at: string): LogRecord => ({
  time: new Date(at),
  level: LogLevel.LOG_LEVEL_WARN,
  message,
  service: 'catalog',
  instance,
  traceId: '',
  spanId: '',
  fieldsJson: '{}',
  truncated: false,
});

/** One replica's answer, as its LogAdminService gives it (newest first). */
const answer = (instance: string, records: LogRecord[], more = false): ListRecentLogsResponse => ({
  service: 'catalog',
  instance,
  records,
  page: { nextPageToken: more ? '17' : '' },
  kept: 0,
  keptSince: undefined,
});

describe('the logs page’s merge of every replica’s records', () => {
  const podA = answer('catalog-a/1', [
    record('catalog-a/1', 'a: cache miss storm', '2026-03-02T10:00:03Z'),
    record('catalog-a/1', 'a: slow query', '2026-03-02T10:00:01Z'),
  ]);
  const podB = answer('catalog-b/1', [
    record('catalog-b/1', 'b: feed rejected', '2026-03-02T10:00:04Z'),
    record('catalog-b/1', 'b: retrying', '2026-03-02T10:00:02Z'),
  ]);

  it('shows both replicas’ records newest first, each naming its instance, cut to the page', () => {
    const first = mergedLogPage([podA, podB], { page: 1, size: 3 });
    expect(first.rows.map((row) => [row.instance, row.message])).toEqual([
      ['catalog-b/1', 'b: feed rejected'],
      ['catalog-a/1', 'a: cache miss storm'],
      ['catalog-b/1', 'b: retrying'],
    ]);
    expect(first).toMatchObject({ total: 4, pages: 2 });
    expect(first).not.toHaveProperty('totalIsLowerBound');
    expect(mergedLogPage([podA, podB], { page: 2, size: 3 }).rows.map((row) => row.message)).toEqual(['a: slow query']);
  });

  it('counts an instance reached under two addresses once, and marks the total a lower bound when one had more', () => {
    const page = mergedLogPage([podA, podA, answer('catalog-b/1', podB.records, true)], { page: 1, size: 10 });
    expect(page.rows.map((row) => row.message)).toEqual([
      'b: feed rejected',
      'a: cache miss storm',
      'b: retrying',
      'a: slow query',
    ]);
    expect(page).toMatchObject({ total: 4, totalIsLowerBound: true });
  });
});
