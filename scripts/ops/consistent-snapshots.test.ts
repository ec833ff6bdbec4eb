// `npm run backup` while a store and the event log are written without pause: the copies fit
// together (every outbox row marked as published is in the copied log) and are whole databases.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';

jest.setTimeout(60_000);

const run = promisify(execFile);
const repoRoot = join(__dirname, '..', '..');

function openWal(file: string): Database.Database {
  const db = new Database(file, { timeout: 5_000 });
  db.pragma('journal_mode = WAL');
  return db;
}

describe('npm run backup of databases being written', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'pc-backup-snapshots-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('copies a store and the event log as of one moment', async () => {
    const dataDir = join(work, 'data');
    mkdirSync(join(dataDir, 'events'), { recursive: true });
    mkdirSync(join(dataDir, 'offers'), { recursive: true });
    const log = openWal(join(dataDir, 'events', 'log.sqlite'));
    const store = openWal(join(dataDir, 'offers', 'documents.sqlite'));
    log.exec('CREATE TABLE records (n INTEGER PRIMARY KEY, value BLOB)');
    store.exec('CREATE TABLE outbox (n INTEGER PRIMARY KEY, published INTEGER NOT NULL, value BLOB)');
    const addRow = store.prepare('INSERT INTO outbox VALUES (?, 0, ?)');
    const publish = log.prepare('INSERT INTO records VALUES (?, ?)');
    const markPublished = store.prepare('UPDATE outbox SET published = 1 WHERE n = ?');
    const value = Buffer.alloc(1_000, 7);

    // An outbox as the services run it: the row, then the publish, then the row marked as sent.
    let n = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        for (let i = 0; i < 20; i += 1) {
          n += 1;
          addRow.run(n, value);
          publish.run(n, value);
          markPublished.run(n);
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (n < 2_000) await new Promise((resolve) => setTimeout(resolve, 10));

    const backupDir = join(work, 'backup');
    const backup = run(process.execPath, [join(repoRoot, 'scripts', 'ops', 'backup.mjs'), '--to', backupDir], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    await backup;
    const writtenDuringBackup = n;
    writing = false;
    await writer;
    log.close();
    store.close();

    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest.files.map((file: { path: string }) => file.path).sort()).toEqual([
      'events/log.sqlite',
      'offers/documents.sqlite',
    ]);
    const copiedLog = new Database(join(backupDir, 'data', 'events', 'log.sqlite'), { fileMustExist: true });
    const copiedStore = new Database(join(backupDir, 'data', 'offers', 'documents.sqlite'), { fileMustExist: true });
    try {
      const published = copiedStore.prepare('SELECT n FROM outbox WHERE published = 1').pluck().all() as number[];
      const inLog = new Set(copiedLog.prepare('SELECT n FROM records').pluck().all() as number[]);
      expect(published.length).toBeGreaterThanOrEqual(2_000);
      expect(published.length).toBeLessThanOrEqual(writtenDuringBackup);
      expect(published.filter((row) => !inLog.has(row))).toEqual([]);
      expect(copiedLog.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copiedStore.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      copiedLog.close();
      copiedStore.close();
    }
  });
});
