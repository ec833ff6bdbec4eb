import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UnavailableError } from '../../../errors/domain-errors.js';
import { eio, heldFsync, settledState } from './test-support/held-fsync.js';
import { WalSync } from './wal-sync.js';

let dir: string;
let walPath: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pc-wal-sync-'));
  walPath = join(dir, 'documents.sqlite-wal');
  writeFileSync(walPath, 'frames');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('WalSync', () => {
  it('resolves once a real fsync of the file finished', async () => {
    const sync = new WalSync(walPath);
    await expect(sync.durable()).resolves.toBeUndefined();
    sync.close();
  });

  it('does not count an fsync that was already running: a commit after it started waits for the next', async () => {
    const disk = heldFsync();
    const sync = new WalSync(walPath, disk.fsyncFile);
    const first = sync.durable();
    await settledState(first);
    const second = sync.durable();
    const third = sync.durable();
    expect(disk.calls()).toBe(1);
    await disk.release();
    expect(await settledState(first)).toBe('resolved');
    // The second and third asked while the first fsync ran: one more fsync covers both.
    expect(await settledState(second)).toBe('pending');
    expect(disk.calls()).toBe(2);
    await disk.release();
    expect([await settledState(second), await settledState(third)]).toEqual(['resolved', 'resolved']);
    expect(disk.calls()).toBe(2);
    sync.close();
  });

  it('rejects the commits an fsync failed for, and every later one without asking the disk again', async () => {
    const disk = heldFsync();
    const sync = new WalSync(walPath, disk.fsyncFile);
    const outcomes = Promise.allSettled([sync.durable(), sync.durable()]);
    const error = eio();
    disk.failNext(error);
    await disk.release();
    const [write, waiting] = (await outcomes) as PromiseRejectedResult[];
    expect(write!.reason).toBeInstanceOf(UnavailableError);
    expect(write!.reason).toMatchObject({ cause: error });
    expect(waiting!.reason).toBeInstanceOf(UnavailableError);
    expect(sync.failed).toBe(true);
    // A later fsync succeeding would prove nothing: the pages the failed one lost are gone.
    await expect(sync.durable()).rejects.toBeInstanceOf(UnavailableError);
    expect(disk.calls()).toBe(1);
    sync.close();
  });

  it('refuses to be asked once closed', async () => {
    const sync = new WalSync(walPath);
    sync.close();
    await expect(sync.durable()).rejects.toThrow('closed');
  });
});
