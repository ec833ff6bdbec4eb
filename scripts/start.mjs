// `npm start`: builds what is needed, then runs the whole platform locally — the eight services
// and the site, each its own process, real gRPC on 127.0.0.1, embedded engines under DATA_DIR.
// Ctrl-C stops everything gracefully; nothing is left running.
//
// `npm run start:cluster` (--cluster) runs the same processes on the real engines of
// scripts/engines/engines.sh (Kafka, MongoDB, Elasticsearch, Redis) instead of embedded ones.
//
// The staff admin app (web/admin) runs beside the site on ADMIN_PORT (WEB_PORT + 5) under /admin;
// `npm run admin:create -- --email … --password … --panels shopping,crawler` makes a staff user.
//
// Options (environment): DATA_DIR (.data), WEB_PORT (3000), ADMIN_PORT (WEB_PORT + 5), GRPC_PORT_BASE (50051),
// OPS_PORT_BASE (9101), PLATFORM_HOST (127.0.0.1), LOG_LEVEL (info), START_QUIET=1 (warnings only),
// SKIP_BUILD=1 (use the last build), SEED=0 (do not seed an empty data dir with demo data, and no
// demo shops; the cluster profile has neither), SEED_ARGS (flags of that first seed and of the
// demo shops' world; `--bench-direct` publishes directly, without demo shops), DEMO_SHOPS_PORT
// (8800: the demo shops' websites on 127.10.x.y and their index on 127.0.0.1), DEMO_SHOPS_NETWORK (127.10),
// START_READY_TIMEOUT_S (60: how long a service may take to become ready; search reading every row
// of a 1,000,000-product embedded index takes longer, ~80 s with its query thread, while restoring
// the columns it saved at its last shutdown takes ~10 s), SEARCH_QUERY_THREADS (1: worker threads
// answering searches beside the search service's own thread; 0 for none), LOG_FILE_MAX_MB (64: a
// process's raw log file <DATA_DIR>/logs/<name>.log beyond it is renamed <name>.log.1 and begun anew).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clusterEnv } from './platform/cluster-env.mjs';
import { demoShopsArgs, demoShopsLayout, pinnedSeedArgs } from './platform/demo-shops.mjs';
import { ensureIdentityKeys, identityEnv } from './platform/identity-keys.mjs';
import { platformLayout } from './platform/services.mjs';
import { logFileMaxBytes } from './platform/log-printer.mjs';
import { Supervised } from './platform/supervisor.mjs';
import { waitForHttp } from './platform/wait.mjs';
import { runStartSeed, shouldSeed } from './seed/start-hook.mjs';
import { SITE_V8_FLAGS } from '../web/cluster/v8-flags.cjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const startedAt = performance.now();
const layout = platformLayout();
const dataDir = resolve(root, layout.dataDir);
const logDir = join(dataDir, 'logs');
mkdirSync(logDir, { recursive: true });
// Every process signs its calls with a key of its own and checks its callers' (docs/security.md).
ensureIdentityKeys(dataDir);
const quiet = process.env.START_QUIET === '1';

if (process.env.SKIP_BUILD !== '1') {
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
}

const profile = process.argv.includes('--cluster') ? 'cluster' : 'local';
let profileEnv = {};
try {
  // The local profile bills with the local test-card provider even where the shell has the
  // engines' env.sh sourced (its STRIPE_API_BASE would otherwise select Stripe).
  profileEnv = profile === 'cluster' ? clusterEnv() : { PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER ?? 'local' };
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const demoShops = demoShopsLayout(process.env, dataDir, profile);
const seedArgs = pinnedSeedArgs(demoShops, process.env);
const siteUrl = `http://${layout.host}:${layout.webPort}`;
const adminUrl = `http://${layout.host}:${layout.adminPort}/admin`;

/** The checkout's commit, '' outside git. */
function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

const baseEnv = {
  ...process.env,
  ...profileEnv,
  ...layout.peerEnv,
  ...demoShops?.env,
  DATA_DIR: dataDir,
  GRPC_HOST: layout.host,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  // The commit every service names on its /healthz (the infrastructure panel's versions), when this is a git checkout.
  GIT_COMMIT: process.env.GIT_COMMIT ?? gitCommit(),
  // Links in e-mails (verification, password reset, price alerts) point at this site.
  SITE_URL: process.env.SITE_URL ?? `http://${layout.host}:${layout.webPort}`,
  // Lets `npm run push:local` (our local push service on 127.0.0.1) stand in for a browser.
  PUSH_ALLOW_LOCAL_HTTP: process.env.PUSH_ALLOW_LOCAL_HTTP ?? (profile === 'local' ? 'true' : 'false'),
  // The embedded search index answers searches on a second core too (one thread beside the service's).
  SEARCH_QUERY_THREADS: process.env.SEARCH_QUERY_THREADS ?? '1',
  // The local platform has no internet: offers' ECB rates job is off unless a URL is given (the
  // seed's rates and the admin panel's FX rates page stand in).
  OFFERS_ECB_RATES_URL: process.env.OFFERS_ECB_RATES_URL ?? '',
};

const children = [];
let stopping = false;

async function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  // Ctrl-C reaches the children too; mark them all first so none is restarted as it exits.
  for (const child of children) child.stopping = true;
  process.stdout.write('\nstopping the platform…\n');
  // The site and the admin app first (no new requests), then the services, all draining in parallel.
  const frontends = children.filter((child) => child.frontend);
  await Promise.all(frontends.map((child) => child.stop(10_000)));
  await Promise.all(children.filter((child) => !child.frontend).map((child) => child.stop(15_000)));
  process.stdout.write('stopped.\n');
  process.exit(exitCode);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

// Extra node flags for every service process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile
// a benchmark (node refuses --cpu-prof in NODE_OPTIONS). They come after a service's own flags
// (SERVICE_NODE_FLAGS), so they can override them.
const serviceNodeArgs = (process.env.SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
const logMaxBytes = logFileMaxBytes(process.env);
const readyTimeoutS = Number(process.env.START_READY_TIMEOUT_S ?? 60);
if (!(readyTimeoutS > 0))
  throw new Error(
    `START_READY_TIMEOUT_S must be a positive number of seconds, not ${process.env.START_READY_TIMEOUT_S}`,
  );

// The demo shops need nothing of the platform: they start first, beside the services.
const readyDemoShops = demoShops
  ? new Promise((resolveReady, rejectReady) => {
      const child = new Supervised({
        name: 'demo-shops',
        command: process.execPath,
        args: demoShopsArgs(root, demoShops, seedArgs, siteUrl),
        cwd: root,
        env: baseEnv,
        logDir,
        logMaxBytes,
        quiet,
        onReady: resolveReady,
      });
      children.unshift(child);
      child.start();
      setTimeout(
        () =>
          rejectReady(
            new Error(
              `the demo shops were not ready within ${readyTimeoutS} s (DEMO_SHOPS_PORT ${demoShops.port} taken?)`,
            ),
          ),
        readyTimeoutS * 1000,
      ).unref();
    })
  : Promise.resolve();

const readyServices = layout.services.map(
  (service) =>
    new Promise((resolveReady, rejectReady) => {
      const child = new Supervised({
        name: service.name,
        command: process.execPath,
        args: [
          ...service.nodeFlags,
          ...serviceNodeArgs,
          '--enable-source-maps',
          join(root, 'services', service.name, 'dist', 'main.js'),
        ],
        cwd: root,
        env: {
          ...baseEnv,
          ...(service.name === 'crawler' ? demoShops?.crawlerEnv : {}),
          GRPC_PORT: String(service.grpcPort),
          OPS_PORT: String(service.opsPort),
          OTEL_SERVICE_NAME: service.name,
          ...identityEnv(dataDir, service.name),
          // Its log ring starts with the warnings and errors before a restart (ADR 147).
          LOG_RING_SEED_FILE: join(logDir, `${service.name}.log`),
        },
        logDir,
        logMaxBytes,
        quiet,
        onReady: resolveReady,
      });
      children.push(child);
      child.start();
      setTimeout(
        () => rejectReady(new Error(`${service.name} was not ready within ${readyTimeoutS} s`)),
        readyTimeoutS * 1000,
      ).unref();
    }),
);

try {
  await Promise.all([...readyServices, readyDemoShops]);
  const web = new Supervised({
    name: 'web',
    command: process.execPath,
    args: [...SITE_V8_FLAGS, join(root, 'web', 'server.mjs')],
    cwd: join(root, 'web'),
    // The product page's edit link and the masthead's admin link go to the admin app.
    env: {
      ...baseEnv,
      PORT: String(layout.webPort),
      HOST: layout.host,
      METRICS_PORT: String(layout.webMetricsPort),
      OTEL_SERVICE_NAME: 'web',
      NODE_ENV: 'production',
      ADMIN_SITE_URL: process.env.ADMIN_SITE_URL ?? adminUrl,
      ...identityEnv(dataDir, 'web'),
    },
    logDir,
    logMaxBytes,
    quiet,
  });
  const admin = new Supervised({
    name: 'admin',
    command: process.execPath,
    args: [join(root, 'web', 'admin', 'server.mjs')],
    cwd: join(root, 'web', 'admin'),
    env: {
      ...baseEnv,
      PORT: String(layout.adminPort),
      HOST: layout.host,
      NODE_ENV: 'production',
      OPS_URLS: layout.services.map((s) => `${s.name}=http://${layout.host}:${s.opsPort}`).join(','),
      ...identityEnv(dataDir, 'admin'),
    },
    logDir,
    logMaxBytes,
    quiet,
  });
  web.frontend = true;
  admin.frontend = true;
  children.push(admin, web);
  admin.start();
  web.start();
  // The demo data comes through the demo shops' feeds and pages (ADR 040): no demo shops, no seed
  // — except bench:core's direct publishing.
  if (shouldSeed(dataDir) && (demoShops || seedArgs.includes('--bench-direct'))) {
    await runStartSeed({
      dataDir,
      siteUrl,
      env: {
        ...baseEnv,
        ...identityEnv(dataDir, 'seed'),
        SEED_ARGS: seedArgs.join(' '),
        WEB_PORT: String(layout.webPort),
      },
      track: (seed) => children.push(seed),
    });
  } else if (shouldSeed(dataDir) && profile === 'cluster') {
    process.stdout.write(
      "\n  No demo data in the cluster profile: its fetch guard keeps the crawler off the demo shops' loopback addresses (SEED=0 silences this).\n",
    );
  }
  await Promise.all([
    waitForHttp(`${siteUrl}/healthz`, 60_000),
    waitForHttp(`http://${layout.host}:${layout.adminPort}/healthz`, 60_000),
  ]);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const shopsLine = demoShops
    ? `\n  Demo shops: ${demoShops.adminUrl}/ (each shop on its own address, e.g. http://${demoShops.network}.0.1:${demoShops.port}/)`
    : '';
  process.stdout.write(
    `\n  The platform (${profile} profile) is up in ${seconds} s: ${siteUrl}/en-ch${shopsLine}\n  Staff panels: ${adminUrl}/ (npm run admin:create -- --email … --password … --panels shopping,admin,…)\n  Data: ${dataDir} · logs: ${logDir} · Ctrl-C stops it.\n\n`,
  );
} catch (error) {
  process.stderr.write(`start failed: ${error.message}\n`);
  await stopAll(1);
}
