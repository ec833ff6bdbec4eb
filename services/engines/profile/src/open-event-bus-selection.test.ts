import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '@pc/kit/config/load-config';
import { serviceConfigSchema } from '@pc/kit/config/service-config';
import { openEventBus } from './open-event-bus.js';
import { Recorder, encode, uniqueName, waitUntil } from '@pc/kit/ports/contracts/event-bus-contract-harness';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { TS_REGISTER } from '@pc/kit/testing/ts-register';

jest.setTimeout(60_000);

const dataDir = mkdtempSync(join(tmpdir(), 'open-event-bus-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const configOf = (env: Record<string, string>) =>
  loadConfig(serviceConfigSchema({}), { GRPC_PORT: '50051', OPS_PORT: '9464', DATA_DIR: dataDir, ...env });

describe('openEventBus', () => {
  it('does not load kafkajs in the local profile', () => {
    // A real process: jest's module registry would not show what plain Node loads.
    const script = `
      const { openEventBus } = require('./services/engines/profile/src/open-event-bus.ts');
      const { loadConfig } = require('./services/kit/src/config/load-config.ts');
      const { serviceConfigSchema } = require('./services/kit/src/config/service-config.ts');
      const config = loadConfig(serviceConfigSchema({}), { GRPC_PORT: '50051', OPS_PORT: '9464', DATA_DIR: ${JSON.stringify(dataDir)} });
      openEventBus(config, require('pino')({ level: 'silent' })).then(async (bus) => {
        await bus.close();
        process.stdout.write(String(Object.keys(require.cache).some((file) => file.includes('/kafkajs/'))));
      });`;
    const repo = join(__dirname, '..', '..', '..', '..');
    const loaded = execFileSync(process.execPath, ['-r', TS_REGISTER, '-e', script], { cwd: repo, encoding: 'utf8' });
    expect(loaded).toBe('false');
  });
});

describeWithEngine('KAFKA_BROKERS', 'openEventBus with EVENT_BUS=kafka', (brokers) => {
  it('opens a Kafka bus on KAFKA_BROKERS that delivers records', async () => {
    const config = configOf({ EVENT_BUS: 'kafka', KAFKA_BROKERS: brokers });
    const bus = await openEventBus(config, pino({ level: 'silent' }), 'catalog');
    try {
      expect(await bus.isReady()).toBe(true);
      const topic = uniqueName('catalog.product-changed');
      await bus.publish([{ topic, key: 'product-1', value: encode('changed') }]);
      const recorder = new Recorder();
      await bus.subscribe({ group: uniqueName('search'), topics: [topic], handler: recorder.handler });
      await waitUntil('the record arrives', () => recorder.has('changed'));
    } finally {
      await bus.close();
    }
  });
});
