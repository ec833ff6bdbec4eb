// The site's HTTP edge: everything between the socket and the Remix handler, in the order it runs.
// site-process.mjs mounts it in front of Remix; the tests mount the same in front of a stand-in. CommonJS,
// so that the unit tests load the same file the server does.
'use strict';
const compression = require('compression');
const express = require('express');
const zlib = require('node:zlib');
const { isRefreshRequest, microCache } = require('../micro-cache.cjs');
const { privateForSessions } = require('../private-pages.cjs');
const { publicFiles } = require('../public-files.cjs');
const { bodyLimit } = require('./body-limit.cjs');
const { knownMethods } = require('./known-methods.cjs');
const { oneWritePerTurn } = require('./one-write-per-turn.cjs');
const { rateLimits } = require('./rate-limits.cjs');
const { securityHeaders } = require('./security-headers.cjs');
const { isWarmUpRequest } = require('./warm-up.cjs');

/** JSON access logs like the services': failures as errors, the rest at debug. */
function accessLog(logger) {
  return function logRequest(request, response, next) {
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
  };
}

/**
 * Brotli quality of what is rendered per request (pages, data, the API): 2 compresses a product
 * page (88 KB) in about half the time of the middleware's 4 for 7 % more bytes (15.6 against
 * 14.5 KB), and on two cores that time is taken from rendering. The build's fingerprinted assets
 * keep 4: browsers keep them for a year. Stored pages of the micro-cache are compressed once, at 5
 * (stored-encodings.cjs).
 */
const RENDERED_BROTLI_QUALITY = 2;

function compressionByKind() {
  const forAssets = compression();
  const forRendered = compression({
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: RENDERED_BROTLI_QUALITY } },
  });
  return function compress(request, response, next) {
    (request.path.startsWith('/assets/') ? forAssets : forRendered)(request, response, next);
  };
}

/** Health probes, the micro-cache's own refreshes and the warm-up's renders are not visitors: never rate limited. */
const notAVisitor = (request) => request.path === '/healthz' || isRefreshRequest(request) || isWarmUpRequest(request);

/**
 * Mounts the edge on an Express app: `config` from edge-config.cjs, `cache` the kit's Cache port
 * (rate-limit windows), `clientDir` the build's public files (none in tests). Among several site
 * processes, `refreshOrigin` is where this one renders its micro-cache's pages again (its own
 * loopback port: the shared one could hand the render to another process) and `peers` the others
 * (micro-cache.cjs). Returns the micro-cache (its stats), or null when MICRO_CACHE=0.
 */
function mountEdge(app, { config, cache, logger, clientDir, refreshOrigin, peers = null }) {
  app.disable('x-powered-by');
  // request.ip (rate limits, sign-in throttling) and request.secure (HSTS, Secure cookies) believe
  // X-Forwarded-For / -Proto only from these proxies; by default from none.
  app.set('trust proxy', config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false);
  app.use(knownMethods);
  app.use(securityHeaders({ formHosts: config.COUNTRY_HOSTS }));
  app.use(compressionByKind());
  app.use(oneWritePerTurn);
  if (clientDir) {
    // Vite fingerprints assets: cache them for a year; other public files for an hour.
    app.use('/assets', express.static(`${clientDir}/assets`, { immutable: true, maxAge: '1y' }));
    app.use(publicFiles(clientDir, express.static(clientDir, { maxAge: '1h' }), ['/assets']));
  }
  app.use(accessLog(logger));
  app.use(
    rateLimits({
      cache,
      perIp: config.EDGE_RATE_PER_IP,
      writesPerIp: config.EDGE_WRITE_RATE_PER_IP,
      beaconsPerIp: config.EDGE_BEACON_RATE_PER_IP,
      perSession: config.EDGE_RATE_PER_SESSION,
      exempt: notAVisitor,
      logger,
    }),
  );
  app.use(bodyLimit({ maxBytes: config.BODY_LIMIT_BYTES }));
  // Pages that allow shared caching (s-maxage) are served from memory for that long (ADR 013).
  const cached =
    config.MICRO_CACHE === '1'
      ? microCache({ origin: refreshOrigin ?? `http://${config.HOST}:${config.PORT}`, peers })
      : null;
  if (cached) app.use(cached.middleware);
  // A signed-in visitor's pages are never kept by a shared cache (they name the visitor).
  app.use(privateForSessions);
  return cached;
}

/**
 * What the Remix loaders and entry.server get from the edge: the visitor's address, this answer's
 * CSP nonce, and whether the render is the site's own warm-up (no visitor: nothing is counted).
 */
const loadContext = (request, response) => ({
  clientIp: request.ip ?? '',
  cspNonce: response.locals.cspNonce ?? '',
  warmUp: isWarmUpRequest(request),
});

module.exports = { mountEdge, loadContext };
