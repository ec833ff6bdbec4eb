// The admin app's HTTP server: the Remix build behind Express under /admin, never indexed
// (`X-Robots-Tag: noindex` on every answer, `robots.txt` disallowing everything on its own host),
// JSON access logs, and a graceful stop (SIGTERM/SIGINT, or the launcher of `npm start` going away).
import { createRequestHandler } from '@remix-run/express';
import compression from 'compression';
import express from 'express';
import { pino } from 'pino';

const port = Number(process.env.PORT ?? 3005);
const host = process.env.HOST ?? '127.0.0.1';
const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? 'info',
    base: { service: 'admin' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  pino.destination({ dest: 1, sync: true }),
);
const build = await import(new URL('./build/server/index.js', import.meta.url).href);

const app = express();
app.disable('x-powered-by');
app.set('trust proxy', process.env.TRUST_PROXY ?? 'loopback, linklocal, uniquelocal');
app.use(compression());
app.use((_request, response, next) => {
  // Staff pages are never indexed, cached by a shared cache, or framed by another site.
  response.set({
    'X-Robots-Tag': 'noindex, nofollow',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'same-origin',
    'X-Content-Type-Options': 'nosniff',
  });
  next();
});
app.get('/robots.txt', (_request, response) => response.type('text/plain').send('User-agent: *\nDisallow: /\n'));
app.get('/healthz', (_request, response) => response.type('text/plain').send('ok\n'));
app.get('/', (_request, response) => response.redirect(302, '/admin/'));
app.use(
  '/admin/assets',
  express.static(new URL('./build/client/assets', import.meta.url).pathname, { immutable: true, maxAge: '1y' }),
);
app.use((request, response, next) => {
  const started = performance.now();
  response.on('finish', () => {
    const fields = {
      method: request.method,
      url: request.originalUrl,
      status: response.statusCode,
      ms: Math.round(performance.now() - started),
    };
    if (response.statusCode >= 500) logger.error(fields, 'request failed');
    else logger.debug(fields, 'request');
  });
  next();
});
app.all(
  '/admin*',
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV ?? 'production',
    getLoadContext: (request) => ({ clientIp: request.ip ?? '' }),
  }),
);
app.use((_request, response) => response.status(404).type('text/plain').send('not found\n'));

const server = app.listen(port, host, () => {
  logger.info({ host, port }, 'admin app listening');
  process.send?.({ type: 'ready', service: 'admin', httpPort: port });
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
