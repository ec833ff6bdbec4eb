// Rate limits at the site's edge (issue 43): fixed one-minute windows per client address, for
// state-changing requests per client address, for what pages report of a visit (beacons) per
// client address, and per session, counted in the kit's Cache port —
// in-process under `npm start`, in Redis shared by every replica in the cluster profile. The
// client address is Express's `request.ip`, which believes X-Forwarded-For only from
// TRUSTED_PROXIES. A refusal is 429 with Retry-After; if the counter store fails, requests pass
// (the limits protect the site, they must not take it down).
'use strict';
const { createHash } = require('node:crypto');

const WINDOW_MS = 60_000;
const SAFE = new Set(['GET', 'HEAD']);
const SESSION = /(?:^|;\s*)pc_session=([^;\s]+)/;

/** The session cookie's hash: the counter names the session without storing its bearer token. */
function sessionKey(cookieHeader) {
  const token = SESSION.exec(cookieHeader ?? '')?.[1];
  return token ? createHash('sha256').update(token).digest('base64url').slice(0, 32) : null;
}

function tooMany(request, response, retryAfterMs) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const message = `too many requests, retry in ${seconds} seconds`;
  const json = /^\/(api|auth)\//.test(request.path);
  response.writeHead(429, {
    'Retry-After': String(seconds),
    'Cache-Control': 'no-store',
    'Content-Type': json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
  });
  response.end(json ? JSON.stringify({ message, error: message, retry_after: seconds }) : message);
}

/**
 * What a page reports of its visit from the browser (ADR 103, 104): one a page view or a search,
 * counted in a window of their own so that browsing never spends a visitor's writes.
 */
const BEACON_PATHS = new Set(['/api/searches', '/api/ad-impressions']);
const isBeacon = (request) => request.method === 'POST' && BEACON_PATHS.has(request.path);

/**
 * `cache`: the kit's Cache port (`hit(key, limit, windowMs)`); limits are per minute, 0 for none;
 * `exempt(request)`: requests never counted (health probes, the micro-cache's own refreshes).
 */
function rateLimits({ cache, perIp, writesPerIp, beaconsPerIp = 0, perSession, exempt = () => false, logger }) {
  return async function limitRate(request, response, next) {
    if (exempt(request)) return next();
    const counters = [];
    if (perIp > 0) counters.push([`edge:ip:${request.ip}`, perIp]);
    if (isBeacon(request)) {
      if (beaconsPerIp > 0) counters.push([`edge:ip-beacons:${request.ip}`, beaconsPerIp]);
    } else if (writesPerIp > 0 && !SAFE.has(request.method))
      counters.push([`edge:ip-writes:${request.ip}`, writesPerIp]);
    const session = perSession > 0 ? sessionKey(request.headers.cookie) : null;
    if (session) counters.push([`edge:session:${session}`, perSession]);
    try {
      const decisions = await Promise.all(counters.map(([key, limit]) => cache.hit(key, limit, WINDOW_MS)));
      const refused = decisions.filter((decision) => !decision.allowed);
      if (refused.length > 0)
        return tooMany(request, response, Math.max(...refused.map((decision) => decision.retryAfterMs)));
    } catch (error) {
      logger?.warn({ err: error }, 'rate limits not counted: the counter store failed');
    }
    next();
  };
}

module.exports = { rateLimits };
