// The primary of several site processes on one port (ADR 092). It renders nothing: it starts the
// site processes (site-process.mjs, each with its slot in SITE_SLOT) with Node's cluster module,
// which hands the port's connections to them in turn; keeps the in-process cache their rate-limit
// windows share; passes each micro-cache change of one process to the others; serves their
// metrics together on METRICS_PORT; says ready once all of them listen; starts a process that
// dies again (one that dies before it listens fails the primary); and stops them all gracefully
// on SIGTERM/SIGINT or when its launcher goes away.
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startTelemetry } from '@pc/kit/telemetry/start';
import { openCache } from '@pc/engine-profile/open-cache';
import { loadEdgeConfig } from '../edge/edge-config.cjs';
import { serveMetrics } from '../metrics-server.mjs';
import { siteLogger } from '../site-logger.mjs';
import { CHANGES, FOLLOWED, PAGES } from './member.mjs';
import { siteProcessMetrics } from './process-metrics.mjs';
import { serveSharedCache } from './shared-cache.cjs';
import { withSiteV8Flags } from './v8-flags.cjs';

/** A process that dies this often within CRASH_WINDOW_MS is not started again: the primary exits, failed. */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 60_000;
const RESTART_DELAY_MS = 1_000;

export async function runPrimary(count) {
  const logger = siteLogger();
  const config = loadEdgeConfig();
  // Rate-limit windows: in-process here for all of them; with Redis each process opens its own client.
  const cache = config.CACHE === 'embedded' ? await openCache(config, 'web', logger) : null;
  /** slot → its running process. */
  const processes = new Map();
  const crashes = [];
  const ready = new Set();
  let stopping = false;

  const telemetry = startTelemetry('web', process.env, {
    metricProducers: [
      siteProcessMetrics(() => [...processes].map(([slot, worker]) => ({ slot, channel: worker })).filter(isOpen)),
    ],
  });
  const metricsServer = serveMetrics(telemetry.prometheus, logger);

  // Buffers (the micro-cache's pages) cross the channel as they are, not as JSON.
  cluster.setupPrimary({
    exec: fileURLToPath(new URL('../site-process.mjs', import.meta.url)),
    serialization: 'advanced',
    // The site's V8 flags (ADR 095), whatever the primary was started with.
    execArgv: withSiteV8Flags(process.execArgv),
  });

  // What every process must hold alike: the key that signs the CSRF tokens one of them hands out
  // and another checks (configured in a cluster, where replicas share it; made here otherwise).
  const alike = { CSRF_SECRET: process.env.CSRF_SECRET ?? randomBytes(32).toString('base64url') };

  function start(slot) {
    const worker = cluster.fork({ ...alike, SITE_SLOT: String(slot) });
    processes.set(slot, worker);
    if (cache) serveSharedCache(cache, worker);
    let listening = false;
    worker.on('message', (message) => {
      if (message?.type === PAGES || message?.type === CHANGES || message?.type === FOLLOWED) {
        for (const [other, peer] of processes) if (other !== slot && isOpen({ channel: peer })) peer.send(message);
      } else if (message?.type === 'ready') {
        listening = true;
        ready.add(slot);
        if (ready.size === count) {
          logger.info({ processes: count, port: config.PORT }, 'site processes listening');
          process.send?.({ type: 'ready', service: 'web', httpPort: config.PORT });
        }
      }
    });
    worker.on('exit', (code, signal) => {
      if (processes.get(slot) === worker) processes.delete(slot);
      if (stopping) return void (processes.size === 0 && finish());
      // One that never listened will not the next time either (a bad setting, a missing build):
      // the primary fails with its exit code instead of trying again.
      if (!listening) {
        logger.fatal({ slot, code, signal }, 'a site process failed to start; stopping');
        return stop('a site process failed to start', code || 1);
      }
      const now = Date.now();
      crashes.push(now);
      while (crashes[0] < now - CRASH_WINDOW_MS) crashes.shift();
      if (crashes.length >= MAX_CRASHES) {
        logger.fatal({ slot, code, signal, crashes: crashes.length }, 'site processes keep dying; stopping');
        return stop('site processes keep dying', 1);
      }
      logger.error({ slot, code, signal }, 'a site process died; starting it again');
      setTimeout(() => !stopping && start(slot), RESTART_DELAY_MS).unref();
    });
  }

  let exitCode = 0;
  function finish(code = exitCode) {
    metricsServer?.close();
    void Promise.resolve(cache?.close()).finally(() => {
      logger.info('stopped');
      process.exit(code);
    });
  }

  function stop(reason, code = 0) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    logger.info({ reason }, 'shutting down');
    if (processes.size === 0) return finish(code);
    // Each finishes the requests it has in flight, as a process alone would.
    for (const worker of processes.values()) worker.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000) + 1_000).unref();
  }

  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('disconnect', () => stop('launcher disconnected'));
  for (let slot = 0; slot < count; slot += 1) start(slot);
}

/** Whether a site process can still be sent to. */
const isOpen = ({ channel }) => channel.isConnected() && !channel.isDead();
