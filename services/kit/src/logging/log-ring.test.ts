import { Writable } from 'node:stream';
import { runInTrace } from '../telemetry/trace-context.js';
import { LogRing, MAX_FIELDS_CHARS } from './log-ring.js';
import { createLogger } from './logger.js';

/** stdout as a test reads it: the lines the logger printed. */
function memoryStdout(): Writable & { lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return Object.assign(stream, { lines });
}

const everything = { minLevel: 'warn', limit: 1_000 } as const;

describe('the log ring (warnings and errors the infrastructure panel reads)', () => {
  it('keeps warn and above, newest first, whatever level stdout prints', () => {
    const ring = new LogRing();
    const stdout = memoryStdout();
    const logger = createLogger('offers', 'error', { ring, stdout });
    logger.info('started');
    logger.warn({ shopId: 's-1' }, 'offer observation skipped');
    logger.error({ code: 13 }, 'call failed');
    logger.fatal('crashed');

    const { records, next } = ring.query(everything);
    expect(records.map((record) => [record.level, record.message])).toEqual([
      ['fatal', 'crashed'],
      ['error', 'call failed'],
      ['warn', 'offer observation skipped'],
    ]);
    expect(next).toBeUndefined();
    expect(records[2]).toMatchObject({ service: 'offers', fieldsJson: '{"shopId":"s-1"}', truncated: false });
    // stdout keeps its own level: the warning went to the ring only.
    expect(stdout.lines.map((line) => JSON.parse(line).msg)).toEqual(['call failed', 'crashed']);
  });

  it('filters by level, text, trace, service and time', () => {
    const ring = new LogRing();
    const logger = createLogger(null, 'info', { ring, stdout: memoryStdout() });
    const offers = logger.child({ service: 'offers' });
    const catalog = logger.child({ service: 'catalog' });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    runInTrace(`00-${traceId}-00f067aa0ba902b7-01`, () => offers.warn({ shopId: 'Shop-42' }, 'skipped'));
    catalog.error('taxonomy unreadable');
    offers.error('index failed');

    const messages = (query: Partial<Parameters<LogRing['query']>[0]>) =>
      ring.query({ ...everything, ...query }).records.map((record) => record.message);
    expect(messages({ minLevel: 'error' })).toEqual(['index failed', 'taxonomy unreadable']);
    expect(messages({ contains: 'shop-42' })).toEqual(['skipped']);
    expect(messages({ traceId })).toEqual(['skipped']);
    expect(ring.query({ ...everything, traceId }).records[0]).toMatchObject({ traceId, spanId: expect.any(String) });
    expect(messages({ service: 'catalog' })).toEqual(['taxonomy unreadable']);
    expect(messages({ since: new Date(Date.now() + 1_000) })).toEqual([]);
  });

  it('pages newest first by the token of the last record', () => {
    const ring = new LogRing();
    const logger = createLogger('offers', 'info', { ring, stdout: memoryStdout() });
    for (let i = 1; i <= 5; i++) logger.warn(`warning ${i}`);
    const first = ring.query({ ...everything, limit: 2 });
    expect(first.records.map((record) => record.message)).toEqual(['warning 5', 'warning 4']);
    const second = ring.query({ ...everything, limit: 2, before: first.next });
    expect(second.records.map((record) => record.message)).toEqual(['warning 3', 'warning 2']);
    const last = ring.query({ ...everything, limit: 2, before: second.next });
    expect(last).toEqual({ records: [expect.objectContaining({ message: 'warning 1' })], next: undefined });
  });

  it('stays bounded by records and by bytes, dropping the oldest', () => {
    const byCount = new LogRing({ maxRecords: 3, maxBytes: 1_000_000 });
    const logger = createLogger('offers', 'info', { ring: byCount, stdout: memoryStdout() });
    for (let i = 1; i <= 10; i++) logger.warn(`warning ${i}`);
    expect(byCount.kept.records).toBe(3);
    expect(byCount.query(everything).records.map((record) => record.message)).toEqual([
      'warning 10',
      'warning 9',
      'warning 8',
    ]);

    const byBytes = new LogRing({ maxRecords: 1_000, maxBytes: 50_000 });
    const big = createLogger('offers', 'info', { ring: byBytes, stdout: memoryStdout() });
    for (let i = 1; i <= 20; i++) big.warn({ payload: 'x'.repeat(10_000) }, `big ${i}`);
    expect(byBytes.kept.records).toBeLessThanOrEqual(5);
    expect(byBytes.query(everything).records[0]?.message).toBe('big 20');

    // One huge record is cut, not kept whole.
    big.error({ stack: 'y'.repeat(100_000) }, 'huge');
    const [huge] = byBytes.query(everything).records;
    expect(huge).toMatchObject({ message: 'huge', truncated: true });
    expect(huge?.fieldsJson.length).toBe(MAX_FIELDS_CHARS);
  });

  it('keeps what redaction left: no password, token, cookie or authorization header', () => {
    const ring = new LogRing();
    const logger = createLogger('accounts', 'info', { ring, stdout: memoryStdout() });
    logger.warn(
      {
        password: 'hunter2-top',
        user: { password: 'hunter3-top', token: 'tok-secret-1' },
        req: { headers: { authorization: 'Bearer abc-secret', cookie: 'sid=cookie-secret', accept: 'text/html' } },
        MONGODB_URI: 'mongodb://admin:db-secret@db',
      },
      'login failed',
    );
    const [record] = ring.query(everything).records;
    for (const secret of ['hunter2', 'hunter3', 'tok-secret', 'abc-secret', 'cookie-secret', 'db-secret'])
      expect(record?.fieldsJson).not.toContain(secret);
    expect(JSON.parse(record?.fieldsJson ?? '{}')).toMatchObject({
      password: '[redacted]',
      req: { headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'text/html' } },
    });
  });

  it('ignores lines it cannot read and levels below warn', () => {
    const ring = new LogRing();
    ring.write('not json\n');
    ring.write('{"level":30,"msg":"info"}\n');
    ring.write('{"level":50,"time":1700000000000,"msg":"numeric error"}\n');
    expect(ring.query(everything).records).toEqual([
      expect.objectContaining({ level: 'error', message: 'numeric error', time: new Date(1700000000000) }),
    ]);
  });
});
