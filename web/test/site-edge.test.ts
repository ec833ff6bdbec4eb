// The site's HTTP edge (web/edge/site-edge.cjs) as site-process.mjs mounts it, on a real port, in
// front of a stand-in for Remix that records what reached it. Each test names the finding of
// issue 43 it covers.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { pino } from 'pino';
import { createEmbeddedCache } from '@pc/in-process-cache/embedded-cache';
import { openRedisCache } from '@pc/redis-cache/redis-cache';
import { deleteKeysUnder, testKeyPrefix } from '@pc/redis-cache/test-support/test-prefix';
import type { Cache } from '@pc/kit/ports/cache';
import { describeWithEngine } from '@pc/kit/testing/real-engine';

/** What the test uses of Express (the site's server is plain JavaScript: no Express types in the workspace). */
interface ExpressRequest {
  method: string;
  path: string;
  originalUrl: string;
}
interface ExpressResponse {
  setHeader(name: string, value: string): void;
  type(type: string): ExpressResponse;
  send(body: string): void;
  json(body: unknown): void;
}
interface ExpressApp {
  all(path: string, handler: (request: ExpressRequest, response: ExpressResponse) => void): void;
  listen(port: number, host: string, ready: () => void): Server;
}

/* eslint-disable @typescript-eslint/no-require-imports */
const express = require('express') as () => ExpressApp;
const { mountEdge, loadContext } = require('../edge/site-edge.cjs') as {
  mountEdge: (app: ExpressApp, options: { config: object; cache: Cache; logger: object }) => unknown;
  loadContext: (
    request: ExpressRequest,
    response: ExpressResponse,
  ) => { clientIp: string; cspNonce: string; warmUp: boolean };
};
const { WARM_UP_HEADER, WARM_UP_TOKEN } = require('../edge/warm-up.cjs') as {
  WARM_UP_HEADER: string;
  WARM_UP_TOKEN: string;
};
const { loadEdgeConfig } = require('../edge/edge-config.cjs') as {
  loadEdgeConfig: (env: Record<string, string>) => object;
};
/* eslint-enable @typescript-eslint/no-require-imports */

interface Reached {
  method: string;
  url: string;
  ip: string;
  warmUp: boolean;
}

interface Edge {
  readonly origin: string;
  readonly reached: Reached[];
  close(): Promise<void>;
}

/** The edge with `env` in front of a stand-in that answers every request; a shareable page at /page. */
async function startEdge(env: Record<string, string> = {}, cache: Cache = createEmbeddedCache({})): Promise<Edge> {
  const config = loadEdgeConfig({ PORT: '0', ...env });
  const app = express();
  const reached: Reached[] = [];
  mountEdge(app, { config, cache, logger: pino({ level: 'silent' }) });
  app.all('*', (request, response) => {
    const { clientIp, cspNonce, warmUp } = loadContext(request, response);
    reached.push({ method: request.method, url: request.originalUrl, ip: clientIp, warmUp });
    if (request.path === '/page') {
      response.setHeader('Cache-Control', 'public, max-age=0, s-maxage=30, stale-while-revalidate=30');
      response.setHeader('X-Cache-Query', 'page');
      response.type('html').send(`<script nonce="${cspNonce}">boot()</script>`);
      return;
    }
    response.json({ ok: true });
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reached,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request as any client may send it (methods fetch refuses, chunked bodies, forged headers). */
function send(
  origin: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string | number>; body?: Buffer | string; chunked?: boolean } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${origin}${path}`, { method, headers: options.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    // A reset before the answer is a failure: the edge reads a refused body to its end (lingering close).
    request.on('error', reject);
    if (options.chunked) request.setHeader('Transfer-Encoding', 'chunked');
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}

describe('site edge: methods (issue 43: TRACE and PROPFIND answered 500)', () => {
  let edge: Edge;
  beforeAll(async () => (edge = await startEdge()));
  afterAll(() => edge.close());

  it('finding: TRACE and PROPFIND answered 500; now 405 with Allow, before anything else runs', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'OPTIONS', 'MKCOL']) {
      const answer = await send(edge.origin, method, '/en-ch');
      expect([method, answer.status]).toEqual([method, 405]);
      expect(answer.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
    }
    expect(edge.reached).toEqual([]);
    expect((await send(edge.origin, 'GET', '/en-ch')).status).toBe(200);
  });
});

describe('site edge: security headers (issue 43: no CSP, frame-ancestors, Referrer-Policy, nosniff, HSTS)', () => {
  let edge: Edge;
  beforeAll(
    async () => (edge = await startEdge({ TRUSTED_PROXIES: 'loopback', COUNTRY_HOSTS: 'de=www.pricecompare.de' })),
  );
  afterAll(() => edge.close());

  it('finding: pages had no security headers (account pages could be framed); now CSP with a fresh nonce per answer and the rest', async () => {
    const first = await send(edge.origin, 'GET', '/account');
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("form-action 'self' https://www.pricecompare.de");
    expect(csp).not.toContain('unsafe-inline');
    expect(first.headers['x-frame-options']).toBe('DENY');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(first.headers['permissions-policy']).toMatch(/camera=\(self\), microphone=\(\), geolocation=\(\)/);
    const second = await send(edge.origin, 'GET', '/account');
    expect(second.headers['content-security-policy']).not.toBe(csp);
  });

  it('sends HSTS only for https (from a trusted proxy)', async () => {
    expect((await send(edge.origin, 'GET', '/account')).headers['strict-transport-security']).toBeUndefined();
    const secure = await send(edge.origin, 'GET', '/account', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(secure.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('serves a page from the micro-cache with the nonce it was rendered with', async () => {
    const rendered = await send(edge.origin, 'GET', '/page?page=1');
    const cached = await send(edge.origin, 'GET', '/page?page=1&cb=7');
    expect(cached.headers['x-cache']).toBe('hit');
    const nonce = /nonce="([^"]+)"/.exec(cached.body)?.[1];
    expect(cached.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    expect(cached.headers['content-security-policy']).toBe(rendered.headers['content-security-policy']);
  });
});

describe('site edge: body limits (issue 43: a 12 MB JSON body was read and parsed before the 400)', () => {
  let edge: Edge;
  beforeAll(async () => (edge = await startEdge()));
  afterAll(() => edge.close());

  it('finding: a 12 MB JSON body was read and parsed; now 413 before anything reads it', async () => {
    const body = Buffer.alloc(12 * 1024 * 1024, 'a');
    const answer = await send(edge.origin, 'POST', '/api/favourites', {
      headers: { 'Content-Type': 'application/json', 'Content-Length': body.length },
      body,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'the request body may be at most 65536 bytes' });
    expect(edge.reached).toEqual([]);
  });

  it('refuses a body of unknown length (chunked) with 411, and lets a body within the limit through', async () => {
    expect(
      (
        await send(edge.origin, 'POST', '/api/favourites', {
          headers: { 'Content-Type': 'application/json' },
          body: '{"name":"x"}',
          chunked: true,
        })
      ).status,
    ).toBe(411);
    expect(edge.reached).toEqual([]);
    const body = JSON.stringify({ name: 'x'.repeat(60_000) });
    expect(
      (
        await send(edge.origin, 'POST', '/api/favourites', {
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
          body,
        })
      ).status,
    ).toBe(200);
    expect(edge.reached.map((r) => r.url)).toEqual(['/api/favourites']);
  });
});

describe('site edge: rate limits and trusted proxies (issue 43: X-Forwarded-For from any private range reset the per-IP window)', () => {
  it('finding: a new X-Forwarded-For reset the per-IP window; now the connection’s address counts unless the proxy is trusted', async () => {
    const edge = await startEdge({ EDGE_RATE_PER_IP: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1)
        statuses.push(
          (await send(edge.origin, 'GET', '/en-ch', { headers: { 'X-Forwarded-For': `10.0.0.${i}` } })).status,
        );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(new Set(edge.reached.map((r) => r.ip))).toEqual(new Set(['127.0.0.1']));
    } finally {
      await edge.close();
    }
  });

  it('believes X-Forwarded-For from a configured proxy (TRUSTED_PROXIES): each client has its own window', async () => {
    const edge = await startEdge({ EDGE_RATE_PER_IP: '2', TRUSTED_PROXIES: '127.0.0.1' });
    try {
      const as = async (client: string) =>
        (await send(edge.origin, 'GET', '/en-ch', { headers: { 'X-Forwarded-For': client } })).status;
      expect([await as('198.51.100.1'), await as('198.51.100.1'), await as('198.51.100.1')]).toEqual([200, 200, 429]);
      expect(await as('198.51.100.2')).toBe(200);
      expect(edge.reached.map((r) => r.ip)).toEqual(['198.51.100.1', '198.51.100.1', '198.51.100.2']);
    } finally {
      await edge.close();
    }
  });

  it('answers 429 with Retry-After (JSON for the API), limits writes and sessions apart, and never health probes', async () => {
    const edge = await startEdge({ EDGE_RATE_PER_IP: '100', EDGE_WRITE_RATE_PER_IP: '2', EDGE_RATE_PER_SESSION: '3' });
    try {
      const post = () => send(edge.origin, 'POST', '/api/recently-viewed', { headers: { 'Content-Length': 0 } });
      expect([(await post()).status, (await post()).status]).toEqual([200, 200]);
      const refused = await post();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(refused.body)).toMatchObject({
        error: expect.stringMatching(/^too many requests, retry in \d+ seconds$/),
      });
      expect((await send(edge.origin, 'GET', '/api/products')).status).toBe(200);
      const asSession = (token: string) =>
        send(edge.origin, 'GET', '/account', { headers: { Cookie: `pc_session=${token}` } });
      expect([
        (await asSession('a')).status,
        (await asSession('a')).status,
        (await asSession('a')).status,
        (await asSession('a')).status,
      ]).toEqual([200, 200, 200, 429]);
      expect((await asSession('b')).status).toBe(200);
      for (let i = 0; i < 5; i += 1)
        expect((await send(edge.origin, 'GET', '/healthz', { headers: { Cookie: 'pc_session=a' } })).status).toBe(200);
    } finally {
      await edge.close();
    }
  });

  it('counts what pages report of a visit in a window of its own, apart from the writes (ADR 103, 104)', async () => {
    const edge = await startEdge({
      EDGE_RATE_PER_IP: '100',
      EDGE_WRITE_RATE_PER_IP: '1',
      EDGE_BEACON_RATE_PER_IP: '3',
    });
    try {
      const post = (path: string) => send(edge.origin, 'POST', path, { headers: { 'Content-Length': 0 } });
      const beacons = [];
      for (const path of ['/api/searches', '/api/ad-impressions', '/api/searches', '/api/ad-impressions'])
        beacons.push((await post(path)).status);
      expect(beacons).toEqual([200, 200, 200, 429]);
      // The visitor's one write a minute is still theirs, and spends none of the beacons' window.
      expect([(await post('/api/recently-viewed')).status, (await post('/api/recently-viewed')).status]).toEqual([
        200, 429,
      ]);
    } finally {
      await edge.close();
    }
  });
});

describe('site edge: the site process’s own warm-up (ADR 096)', () => {
  it('lets its renders through unlimited and marked as the warm-up, and counts a visitor’s as before', async () => {
    const edge = await startEdge({ EDGE_RATE_PER_IP: '2' });
    try {
      const warmUp = { [WARM_UP_HEADER]: WARM_UP_TOKEN, 'cache-control': 'no-cache' };
      for (let i = 0; i < 4; i += 1)
        expect((await send(edge.origin, 'GET', '/page', { headers: warmUp })).status).toBe(200);
      expect(edge.reached.map((reached) => reached.warmUp)).toEqual([true, true, true, true]);
      // A visitor who sends the header without the process's token is a visitor.
      const visits = [];
      for (let i = 0; i < 3; i += 1)
        visits.push((await send(edge.origin, 'GET', `/visit/${i}`, { headers: { [WARM_UP_HEADER]: '1' } })).status);
      expect(visits).toEqual([200, 200, 429]);
      expect(edge.reached.slice(4).map((reached) => reached.warmUp)).toEqual([false, false]);
    } finally {
      await edge.close();
    }
  });
});

describeWithEngine('REDIS_URL', 'site edge: rate limits shared by replicas in Redis (the cluster profile)', (url) => {
  const keyPrefix = testKeyPrefix('web-edge');
  afterAll(() => deleteKeysUnder(url, keyPrefix));

  it('counts one window across two replicas', async () => {
    const caches = await Promise.all([openRedisCache({ url, keyPrefix }), openRedisCache({ url, keyPrefix })]);
    const replicas = await Promise.all(caches.map((cache) => startEdge({ EDGE_RATE_PER_IP: '3' }, cache)));
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await send(replicas[i % 2]!.origin, 'GET', '/en-ch')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
      await Promise.all(caches.map((cache) => cache.close()));
    }
  });
});
