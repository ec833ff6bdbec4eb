// A second site process beside the benchmark's platform, on the same services, that reads the
// product page's offers with one call per part (PRODUCT_PAGE_READS=separate, as before ADR 057):
// bench:web's "before", measured in the same run and interleaved with the batched site.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { platformLayout } from '../../platform/services.mjs';
import { treeCpuSeconds } from '../core/platform.mjs';
import { waitForHttp } from '../../platform/wait.mjs';

export async function startBaselineSite(root, { dataDir, ports, port }) {
  const env = process.env;
  const layout = platformLayout({
    GRPC_PORT_BASE: String(ports.grpcBase),
    OPS_PORT_BASE: String(ports.opsBase),
    WEB_PORT: String(ports.web),
  });
  const child = spawn(process.execPath, [join(root, 'web', 'server.mjs')], {
    cwd: join(root, 'web'),
    env: {
      ...env,
      ...layout.peerEnv,
      PAYMENT_PROVIDER: 'local',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PRODUCT_PAGE_READS: 'separate',
      // As the launcher gives the platform's own site (links to the admin app, e-mails' origin).
      SITE_URL: env.SITE_URL ?? `http://127.0.0.1:${ports.web}`,
      ADMIN_SITE_URL: env.ADMIN_SITE_URL ?? `http://127.0.0.1:${ports.web + 5}/admin`,
      EDGE_RATE_PER_IP: '0',
      EDGE_WRITE_RATE_PER_IP: '0',
      EDGE_RATE_PER_SESSION: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/healthz`, 60_000);
  return {
    url,
    /** CPU seconds the process used so far. */
    cpuSeconds: () => Object.values(treeCpuSeconds(child.pid)).reduce((sum, s) => sum + s, 0),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}
