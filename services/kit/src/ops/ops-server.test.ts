import type { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { pino } from 'pino';
import { instanceInfo } from './instance-info.js';
import { createOpsServer } from './ops-server.js';

describe('the ops server tells which instance answers', () => {
  it('answers /healthz with the service, its version, the commit and the replica', async () => {
    // As if this file were the service's main script: the kit's package.json is the nearest.
    const main = __filename;
    const instance = instanceInfo('catalog', { GIT_COMMIT: ' 3f2a9c1 \n', HOSTNAME: 'catalog-7d9-x2' }, main);
    expect(instance).toMatchObject({
      service: 'catalog',
      commit: '3f2a9c1',
      instance: `catalog-7d9-x2/${process.pid}`,
    });
    expect(instance.version).toBe('0.1.0');
    const ops = createOpsServer({
      logger: pino({ level: 'silent' }),
      prometheus: {} as PrometheusExporter,
      readiness: {},
      isShuttingDown: () => false,
      instance,
    });
    const address = await ops.listen({ host: '127.0.0.1', port: 0 });
    try {
      expect(await (await fetch(`${address}/healthz`)).json()).toEqual({ status: 'ok', ...instance });
    } finally {
      await ops.close();
    }
  });
});
