// One site process: the Remix build behind the edge (web/edge/site-edge.cjs: methods, security
// headers, static assets, access logs, rate limits, body limits, the micro-cache), and a graceful
// stop (on SIGTERM/SIGINT, or when the launcher of `npm start` or the primary goes away) that
// finishes requests in flight. Alone, or one of several on the same port under the primary
// (server.mjs, ADR 092), with which it shares rate-limit windows, stored pages and `/metrics`.
// Telemetry first: its instrumentations patch http, undici and (with tracing) grpc-js before they load.
import { instrumentBuild, telemetry } from './telemetry.mjs';
import { createRequestHandler } from '@remix-run/express';
import { currentTraceIds } from '@pc/kit/telemetry/trace-context';
import express from 'express';
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { openCache } from '@pc/engine-profile/open-cache';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import { loadEdgeConfig } from './edge/edge-config.cjs';
import { registerCacheMetrics, registerPagePartsMetrics } from './edge/cache-metrics.cjs';
import { followPageChanges, pageGroup } from './edge/page-events.cjs';
import { pageRefresher } from './edge/page-refresh.cjs';
import { warmUp } from './edge/warm-up.cjs';
import { loadContext, mountEdge } from './edge/site-edge.cjs';
import { clusterMember } from './cluster/member.mjs';
import { serveMetrics } from './metrics-server.mjs';
import { siteLogger } from './site-logger.mjs';

const logger = siteLogger({ mixin: () => currentTraceIds() ?? {} });
const config = loadEdgeConfig();
const build = instrumentBuild(await import(new URL('./build/server/index.js', import.meta.url).href));
// One of several site processes: the primary serves /metrics (theirs together) and the in-process cache.
const member = cluster.isWorker ? clusterMember(process, telemetry) : null;
const metricsServer = member ? undefined : serveMetrics(telemetry.prometheus, logger);
// Rate-limit windows: in-process (the primary's, among several processes), or in Redis shared by
// every replica (keys under `<ns>:web:`).
const cache = member && config.CACHE === 'embedded' ? member.sharedCache() : await openCache(config, 'web', logger);

const app = express();
// Among several processes, each renders its micro-cache's pages again on a loopback port of its own.
const refreshServer = member ? await listenPrivately(app) : null;
const microCache = mountEdge(app, {
  config,
  cache,
  logger,
  clientDir: new URL('./build/client', import.meta.url).pathname,
  refreshOrigin: refreshServer ? `http://127.0.0.1:${refreshServer.address().port}` : undefined,
  peers: member?.peers ?? null,
});
if (microCache) member?.receivePages(microCache);
// The page parts the app keeps between changes (ADR 093).
const parts = build.entry.module.pageParts;
if (parts.keeps)
  member?.receiveChanges(
    (tags) => parts.changed(tags),
    (since, forMs) => parts.followed(since, forMs),
  );
// As soon as an event says what they show changed, the page parts showing it are dropped and the
// micro-cache's pages rendered again (ADR 082); among several processes, one follows the bus and
// tells the others, its renders reach them as stored pages.
const following = (microCache || parts.keeps) && (member?.followsPageChanges ?? true);
const bus = following ? await openEventBus(config, logger, 'web') : null;
const refresher = following && microCache ? pageRefresher({ cache: microCache, logger }) : null;
const changed = (tags) => {
  if (parts.keeps) {
    parts.changed(tags);
    member?.publishChanges(tags);
  }
  refresher?.changed(tags);
};
// While the bus is followed, the parts every change of which an event names live longer (ADR 101).
const followed = (since, forMs) => {
  if (!parts.keeps) return;
  parts.followed(since, forMs);
  member?.publishFollowed(since, forMs);
};
const pageChanges = bus ? followPageChanges({ bus, changed, followed, logger, group: pageGroup(config.PORT) }) : null;
if (microCache) registerCacheMetrics({ cache: microCache, refresher });
if (parts.keeps) registerPagePartsMetrics(parts);
app.all('*', createRequestHandler({ build, mode: process.env.NODE_ENV ?? 'production', getLoadContext: loadContext }));

// Warmed up on a loopback port of its own before it takes visitors (ADR 096): among several
// processes the primary hands this one connections only once it listens on the shared port.
if (config.SITE_WARM_UP_SECONDS > 0 && config.SITE_WARM_UP_RENDERS > 0) {
  const warmUpServer = refreshServer ?? (await listenPrivately(app));
  const warmed = await warmUp({
    origin: `http://127.0.0.1:${warmUpServer.address().port}`,
    renders: config.SITE_WARM_UP_RENDERS,
    seconds: config.SITE_WARM_UP_SECONDS,
  });
  if (warmUpServer !== refreshServer) {
    warmUpServer.close();
    warmUpServer.closeIdleConnections();
  }
  logger.info({ ...warmed, siteProcess: member?.slot }, 'warmed up');
}

const server = app.listen(config.PORT, config.HOST, () => {
  logger.info({ host: config.HOST, port: config.PORT, siteProcess: member?.slot }, 'site listening');
  process.send?.({ type: 'ready', service: 'web', httpPort: config.PORT });
});

/** Listens on a loopback port the system picks, this process's alone (not shared with the others). */
function listenPrivately(handler) {
  return new Promise((resolve, reject) => {
    const listener = createServer(handler);
    listener.once('error', reject);
    listener.listen({ host: '127.0.0.1', port: 0, exclusive: true }, () => resolve(listener));
  });
}

let stopping = false;
function stop(reason) {
  if (stopping) return;
  stopping = true;
  logger.info({ reason }, 'shutting down');
  refresher?.stop();
  refreshServer?.close();
  refreshServer?.closeIdleConnections();
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
