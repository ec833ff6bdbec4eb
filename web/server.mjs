// The site's HTTP server: the Remix build behind the edge (web/edge/site-edge.cjs: methods, security
// headers, static assets, access logs, rate limits, body limits, the micro-cache), and a graceful
// stop (on SIGTERM/SIGINT, or when the launcher of `npm start` goes away) that finishes requests
// in flight.
// Telemetry first: its instrumentations patch http, undici and (with tracing) grpc-js before they load.
import { instrumentBuild, serveMetrics } from './telemetry.mjs';
import { createRequestHandler } from '@remix-run/express';
import { currentTraceIds } from '@pc/kit/telemetry/trace-context';
import express from 'express';
import { pino } from 'pino';
import { openCache } from '@pc/engine-profile/open-cache';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import { loadEdgeConfig } from './edge/edge-config.cjs';
import { registerCacheMetrics } from './edge/cache-metrics.cjs';
import { followPageChanges, pageGroup } from './edge/page-events.cjs';
import { pageRefresher } from './edge/page-refresh.cjs';
import { loadContext, mountEdge } from './edge/site-edge.cjs';

// Synchronous stdout, as the services' (kit logging/logger.ts): a buffered logger hangs at exit
// on a closed pipe when the launcher of `npm start` died, leaving this process behind.
const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? 'info',
    base: { service: 'web' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => currentTraceIds() ?? {},
  },
  pino.destination({ dest: 1, sync: true }),
);
const config = loadEdgeConfig();
const build = instrumentBuild(await import(new URL('./build/server/index.js', import.meta.url).href));
const metricsServer = serveMetrics(logger);
// Rate-limit windows: in-process, or in Redis shared by every replica (keys under `<ns>:web:`).
const cache = await openCache(config, 'web', logger);

const app = express();
const microCache = mountEdge(app, {
  config,
  cache,
  logger,
  clientDir: new URL('./build/client', import.meta.url).pathname,
});
// The micro-cache's pages are rendered again as soon as an event says what they show changed (ADR 082).
const bus = microCache ? await openEventBus(config, logger, 'web') : null;
const refresher = microCache ? pageRefresher({ cache: microCache, logger }) : null;
const pageChanges = bus ? followPageChanges({ bus, refresher, logger, group: pageGroup(config.PORT) }) : null;
if (microCache) registerCacheMetrics({ cache: microCache, refresher });
app.all('*', createRequestHandler({ build, mode: process.env.NODE_ENV ?? 'production', getLoadContext: loadContext }));

const server = app.listen(config.PORT, config.HOST, () => {
  logger.info({ host: config.HOST, port: config.PORT }, 'site listening');
  process.send?.({ type: 'ready', service: 'web', httpPort: config.PORT });
});

let stopping = false;
function stop(reason) {
  if (stopping) return;
  stopping = true;
  logger.info({ reason }, 'shutting down');
  refresher?.stop();
  server.close(() => {
    void Promise.allSettled([pageChanges?.stop(), cache.close()])
      .then(() => bus?.close())
      .finally(() => {
        logger.info('stopped');
        process.exit(0);
      });
  });
  server.closeIdleConnections();
  metricsServer?.close();
  setTimeout(() => process.exit(1), Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000)).unref();
}
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
process.once('disconnect', () => stop('launcher disconnected'));
