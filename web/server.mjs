// The site's HTTP server: the Remix build behind Express, static assets with long-lived caching,
// JSON access logs like the services', and a graceful stop (on SIGTERM/SIGINT, or when the
// launcher of `npm start` goes away) that finishes requests in flight.
import { createRequestHandler } from '@remix-run/express';
import compression from 'compression';
import express from 'express';
import { pino } from 'pino';
import { microCache } from './micro-cache.cjs';
import { privateForSessions } from './private-pages.cjs';
import { publicFiles } from './public-files.cjs';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
// Synchronous stdout, as the services' (kit logging/logger.ts): a buffered logger hangs at exit
// on a closed pipe when the launcher of `npm start` died, leaving this process behind.
const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? 'info',
    base: { service: 'web' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  pino.destination({ dest: 1, sync: true }),
);
const build = await import(new URL('./build/server/index.js', import.meta.url).href);

const app = express();
app.disable('x-powered-by');
// req.ip is the visitor's address (sign-in throttling per IP): X-Forwarded-For is believed only
// from these proxies (default: private networks, where an ingress or load balancer sits).
app.set('trust proxy', process.env.TRUST_PROXY ?? 'loopback, linklocal, uniquelocal');
app.use(compression());
// Vite fingerprints assets: cache them for a year; other public files for an hour.
app.use('/assets', express.static(new URL('./build/client/assets', import.meta.url).pathname, { immutable: true, maxAge: '1y' }));
const clientDir = new URL('./build/client', import.meta.url).pathname;
app.use(publicFiles(clientDir, express.static(clientDir, { maxAge: '1h' }), ['/assets']));
app.use((request, response, next) => {
  const started = performance.now();
  response.on('finish', () => {
    const fields = { method: request.method, url: request.originalUrl, status: response.statusCode, ms: Math.round(performance.now() - started) };
    if (response.statusCode >= 500) logger.error(fields, 'request failed');
    else logger.debug(fields, 'request');
  });
  next();
});
// Pages that allow shared caching (s-maxage) are served from memory for that long (ADR 013).
if (process.env.MICRO_CACHE !== '0') app.use(microCache({ origin: `http://${host}:${port}` }).middleware);
// A signed-in visitor's pages are never kept by a shared cache (they name the visitor).
app.use(privateForSessions);
app.all('*', createRequestHandler({ build, mode: process.env.NODE_ENV ?? 'production', getLoadContext: (request) => ({ clientIp: request.ip ?? '' }) }));

const server = app.listen(port, host, () => {
  logger.info({ host, port }, 'site listening');
  process.send?.({ type: 'ready', service: 'web', httpPort: port });
});

let stopping = false;
function stop(reason) {
  if (stopping) return;
  stopping = true;
  logger.info({ reason }, 'shutting down');
  server.close(() => {
    logger.info('stopped');
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000)).unref();
}
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
process.once('disconnect', () => stop('launcher disconnected'));
