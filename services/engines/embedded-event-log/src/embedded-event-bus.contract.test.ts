import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeEventBusContract } from '@pc/kit/ports/contracts/event-bus.contract';
import { openEmbeddedEventBus } from './open-embedded-event-bus.js';

const dataDir = mkdtempSync(join(tmpdir(), 'event-log-contract-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describeEventBusContract('embedded (SQLite event log)', async () => {
  const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite') });
  return { bus, cleanup: () => bus.close() };
});
