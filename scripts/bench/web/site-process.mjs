// A site process of its own beside the benchmark's platform, on the same services, with the
// product page's offers read one way or the other (PRODUCT_PAGE_READS: `separate`, one call per
// part as before ADR 057, or `batched`): bench:web's "before" and "after", started alike and
// measured in the same run, interleaved.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { identityEnv } from '../../platform/identity-keys.mjs';
import { platformLayout } from '../../platform/services.mjs';
import { treeCpuSeconds } from '../core/platform.mjs';
import { waitForHttp } from '../../platform/wait.mjs';

/** `settings`: more of the site's environment (e.g. PAGE_PARTS_MAX_AGE_SECONDS). */
export async function startSite(root, { dataDir, ports, port, reads, settings = {} }) {
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
      // Signs its calls as the platform's site does (ADR 052): the services refuse an unsigned caller.
      ...identityEnv(dataDir, 'web'),
      PAYMENT_PROVIDER: 'local',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      PRODUCT_PAGE_READS: reads,
      // No /metrics listener: two of these run beside the platform's own site.
      METRICS_PORT: '0',
      // As the launcher gives the platform's own site (links to the admin app, e-mails' origin).
      SITE_URL: env.SITE_URL ?? `http://127.0.0.1:${ports.web}`,
      ADMIN_SITE_URL: env.ADMIN_SITE_URL ?? `http://127.0.0.1:${ports.web + 5}/admin`,
      EDGE_RATE_PER_IP: '0',
      EDGE_WRITE_RATE_PER_IP: '0',
      EDGE_RATE_PER_SESSION: '0',
      ...settings,
    },
    // Access logs written as the platform's site writes them (a pipe its launcher reads).
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.resume();
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
