import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

describe('a service with a bad environment', () => {
  it('exits at once with EX_CONFIG, naming every bad variable, before opening a port', () => {
    const result = spawnSync(process.execPath, [join(root, 'services', 'offers', 'dist', 'main.js')], {
      env: { PATH: process.env.PATH, GRPC_PORT: 'fifty', OPS_PORT: '9999', EVENT_BUS: 'kafka', LOG_LEVEL: 'chatty' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('GRPC_PORT');
    expect(result.stderr).toContain('LOG_LEVEL');
    expect(result.stderr).toContain('KAFKA_BROKERS: required when EVENT_BUS=kafka');
    expect(result.stderr).not.toContain('OPS_PORT');
  });
});
