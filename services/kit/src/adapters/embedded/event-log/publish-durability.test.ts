import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UnavailableError } from '../../../errors/domain-errors.js';
import { Recorder, encode, uniqueName, waitUntil } from '../../../ports/contracts/event-bus-contract-harness.js';
import { eio, heldFsync, settledState } from '../sqlite/test-support/held-fsync.js';
import { WalSync } from '../sqlite/wal-sync.js';
import { resolveOptions } from './embedded-event-bus-options.js';
import { EmbeddedEventBus } from './embedded-event-bus.js';
import { openLogConnections } from './log-database.js';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pc-publish-durability-'));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A bus whose WAL fsyncs the test lets run by hand. */
function busWithHeldFsync() {
  const disk = heldFsync();
  const path = join(dir, 'log.sqlite');
  const connections = openLogConnections(path, 5_000);
  connections.walSync.close();
  return { ...disk, bus: new EmbeddedEventBus({ ...connections, walSync: new WalSync(`${path}-wal`, disk.fsyncFile) }, resolveOptions({ path })) };
}

describe('durability of a publish to the embedded event log (ADR 036)', () => {
  it('resolves a publish only after the WAL was fsynced; consumers may read it before', async () => {
    const { bus, release } = busWithHeldFsync();
    const topic = uniqueName('durable');
    const publish = bus.publish([{ topic, key: 'k', value: encode('one') }]);
    expect(await settledState(publish)).toBe('pending');
    const recorder = new Recorder();
    await bus.subscribe({ group: uniqueName('group'), topics: [topic], handler: recorder.handler });
    await waitUntil('the record is consumed', () => recorder.records.length === 1);
    expect(await settledState(publish)).toBe('pending');
    await release();
    expect(await settledState(publish)).toBe('resolved');
    const closing = bus.close();
    await release();
    await closing;
  });

  it('rejects the publishes a failed fsync covered, then refuses publishes and reports not ready', async () => {
    const { bus, release, failNext } = busWithHeldFsync();
    const topic = uniqueName('failed');
    const publish = bus.publish([{ topic, key: 'k', value: encode('one') }]);
    expect(await settledState(publish)).toBe('pending');
    failNext(eio());
    await release();
    await expect(publish).rejects.toBeInstanceOf(UnavailableError);
    expect(await bus.isReady()).toBe(false);
    await expect(bus.publish([{ topic, key: 'k', value: encode('two') }])).rejects.toThrow('could not make the commits');
    await bus.close();
  });

  it('waits for the last fsync when closing', async () => {
    const { bus, release } = busWithHeldFsync();
    const publish = bus.publish([{ topic: uniqueName('closing'), key: 'k', value: encode('one') }]);
    const closing = bus.close();
    expect(await settledState(closing)).toBe('pending');
    await release();
    await closing;
    expect(await settledState(publish)).toBe('resolved');
  });
});
