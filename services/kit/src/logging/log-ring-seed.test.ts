import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LogRing } from './log-ring.js';
import { rotatedLogFile, seedLogRing } from './log-ring-seed.js';

const everything = { minLevel: 'warn', limit: 1_000 } as const;

/** A line as the launcher keeps it: the service's JSON record. */
const line = (level: string, msg: string, time: string, extra: Record<string, unknown> = {}): string =>
  `${JSON.stringify({ level, time, service: 'offers', msg, ...extra })}\n`;

const messages = (ring: LogRing): string[] =>
  ring
    .query(everything)
    .records.map((record) => record.message)
    .reverse();

describe('seeding the log ring from the earlier log lines', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'log-ring-seed-'));
    file = join(dir, 'offers.log');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the warnings and above of the lines, with their original times and fields', async () => {
    writeFileSync(
      file,
      [
        line('info', 'service ready', '2026-03-01T10:00:00.000Z'),
        line('warn', 'feed slow', '2026-03-01T10:00:01.000Z', { shopId: 's-1' }),
        'TypeError: plain text on stderr\n',
        line('debug', 'tick', '2026-03-01T10:00:02.000Z'),
        line('error', 'call failed', '2026-03-01T10:00:03.000Z'),
        line('fatal', 'uncaught exception', '2026-03-01T10:00:04.000Z', { err: { message: 'boom' } }),
      ].join(''),
    );
    const ring = new LogRing();

    const outcome = await seedLogRing(ring, file);

    expect(outcome).toMatchObject({ file, records: 3 });
    expect(outcome.unreadable).toBeUndefined();
    const records = ring.query(everything).records;
    expect(records.map((record) => [record.level, record.message, record.time.toISOString()])).toEqual([
      ['fatal', 'uncaught exception', '2026-03-01T10:00:04.000Z'],
      ['error', 'call failed', '2026-03-01T10:00:03.000Z'],
      ['warn', 'feed slow', '2026-03-01T10:00:01.000Z'],
    ]);
    expect(records[0]).toMatchObject({ service: 'offers', fieldsJson: '{"err":{"message":"boom"}}' });
  });

  it("reads only the file's tail, leaving out the line its start cuts", async () => {
    const older = Array.from({ length: 200 }, (_, i) => line('warn', `older ${i}`, '2026-03-01T09:00:00.000Z'));
    const newest = Array.from({ length: 5 }, (_, i) => line('error', `newest ${i}`, '2026-03-01T10:00:00.000Z'));
    // A stderr line whose end happens to be a record: the tail begins inside it, just before its `{`.
    const fragment = line('fatal', 'not a record of its own', '2026-03-01T09:30:00.000Z');
    const cut = `Error: something printed ${fragment}`;
    writeFileSync(file, [...older, cut, ...newest].join(''));
    const maxBytes = Buffer.byteLength(fragment + newest.join(''));

    const ring = new LogRing();

    const outcome = await seedLogRing(ring, file, maxBytes);

    expect(outcome.bytes).toBe(maxBytes);
    expect(messages(ring)).toEqual(['newest 0', 'newest 1', 'newest 2', 'newest 3', 'newest 4']);
  });

  it('reads the rotated file before it when the current one holds less than the limit', async () => {
    writeFileSync(
      rotatedLogFile(file),
      [
        line('warn', 'before the rotation', '2026-03-01T09:00:00.000Z'),
        line('info', 'x', '2026-03-01T09:00:01.000Z'),
      ].join(''),
    );
    writeFileSync(file, line('fatal', 'after the rotation', '2026-03-01T10:00:00.000Z'));
    const ring = new LogRing();

    await seedLogRing(ring, file);

    expect(messages(ring)).toEqual(['before the rotation', 'after the rotation']);
  });

  it('leaves the rotated file alone when the current one fills the limit', async () => {
    writeFileSync(rotatedLogFile(file), line('warn', 'before the rotation', '2026-03-01T09:00:00.000Z'));
    const current = line('error', 'after the rotation', '2026-03-01T10:00:00.000Z');
    writeFileSync(file, current);
    const ring = new LogRing();

    await seedLogRing(ring, file, Buffer.byteLength(current));

    expect(messages(ring)).toEqual(['after the rotation']);
  });

  it('seeds nothing, without failing, from a missing or unreadable file', async () => {
    const ring = new LogRing();
    await expect(seedLogRing(ring, join(dir, 'missing.log'))).resolves.toMatchObject({
      bytes: 0,
      records: 0,
      unreadable: 'ENOENT',
    });
    mkdirSync(join(dir, 'a-folder.log'));
    await expect(seedLogRing(ring, join(dir, 'a-folder.log'))).resolves.toMatchObject({
      bytes: 0,
      unreadable: 'not a regular file',
    });
    expect(ring.kept.records).toBe(0);
  });

  it('still reads the rotated file when the current one is missing (just rotated)', async () => {
    writeFileSync(rotatedLogFile(file), line('error', 'before the rotation', '2026-03-01T09:00:00.000Z'));
    const ring = new LogRing();

    const outcome = await seedLogRing(ring, file);

    expect(outcome).toMatchObject({ records: 1, unreadable: 'ENOENT' });
    expect(messages(ring)).toEqual(['before the rotation']);
  });
});
