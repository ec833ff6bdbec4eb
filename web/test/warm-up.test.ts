// A site process's warm-up before it takes visitors (web/edge/warm-up.cjs, ADR 096), against a
// real HTTP server standing in for the site: what it renders, with what, and that it never holds
// the start longer than its seconds, whatever the services do.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface WarmUpResult {
  pages: number;
  renders: number;
  failures: number;
  ms: number;
}
/* eslint-disable @typescript-eslint/no-require-imports */
const { warmUp, isWarmUpRequest, WARM_UP_HEADER, WARM_UP_TOKEN } = require('../edge/warm-up.cjs') as {
  warmUp: (options: {
    origin: string;
    seconds: number;
    renders?: number;
    products?: number;
    concurrency?: number;
    fetchImpl?: typeof fetch;
  }) => Promise<WarmUpResult>;
  isWarmUpRequest: (request: { headers: Record<string, string>; socket?: { remoteAddress?: string } }) => boolean;
  WARM_UP_HEADER: string;
  WARM_UP_TOKEN: string;
};
const { loadEdgeConfig } = require('../edge/edge-config.cjs') as {
  loadEdgeConfig: (env: Record<string, string>) => object;
};
/* eslint-enable @typescript-eslint/no-require-imports */

const PRODUCTS = ['/de-ch/products/a-p1', '/de-ch/products/b-p2', '/de-ch/products/c-p3'];

interface Seen {
  url: string;
  headers: IncomingMessage['headers'];
}

type Answer = (response: ServerResponse) => void;

/** A stand-in site: the ranked list at /api/products (or `list`), pages answered by `page`. */
async function standIn({
  list = (response) => void response.end(JSON.stringify({ data: PRODUCTS.map((route) => ({ route })) })),
  page = (response) => void response.end('<html>page</html>'),
}: { list?: Answer; page?: Answer } = {}): Promise<{ origin: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const server: Server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    if (request.url?.startsWith('/api/products')) list(response);
    else page(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('the warm-up of a site process', () => {
  it('renders the pages of the products ranked first, in turn, uncached and compressed, for its seconds', async () => {
    const site = await standIn();
    try {
      const result = await warmUp({ origin: site.origin, seconds: 0.5, products: 3, concurrency: 2 });
      const [list, ...renders] = site.seen;
      expect(list?.url).toBe('/api/products?sort=rank&hitsPerPage=3&with_offers=true');
      expect(new Set(renders.map((render) => render.url))).toEqual(new Set(PRODUCTS));
      for (const render of renders)
        expect(render.headers).toMatchObject({
          [WARM_UP_HEADER]: WARM_UP_TOKEN,
          'cache-control': 'no-cache',
          'accept-encoding': expect.stringContaining('br'),
        });
      expect(result).toMatchObject({ pages: 3, failures: 0 });
      expect(result.renders).toBeGreaterThanOrEqual(renders.length - 2);
      expect(result.renders).toBeGreaterThan(10);
      expect(result.ms).toBeGreaterThanOrEqual(500);
      expect(result.ms).toBeLessThan(1_500);
    } finally {
      await site.close();
    }
  });

  it('stops once it rendered the renders it was given, long before its seconds', async () => {
    const site = await standIn();
    try {
      const result = await warmUp({ origin: site.origin, seconds: 10, renders: 10, products: 3 });
      expect(result).toMatchObject({ pages: 3, renders: 10, failures: 0 });
      expect(site.seen.filter((request) => request.url.includes('/products/'))).toHaveLength(10);
      expect(result.ms).toBeLessThan(2_000);
    } finally {
      await site.close();
    }
  });

  it('ends within its seconds when the list never comes (the services not up), rendering nothing', async () => {
    const site = await standIn({ list: () => undefined });
    try {
      const started = Date.now();
      const result = await warmUp({ origin: site.origin, seconds: 0.4 });
      expect(Date.now() - started).toBeLessThan(1_400);
      expect(result).toMatchObject({ pages: 0, renders: 0 });
      expect(site.seen).toHaveLength(1);
    } finally {
      await site.close();
    }
  });

  it('renders nothing when the list fails or is empty, and asks nothing at 0 seconds or 0 renders', async () => {
    const failing = await standIn({
      list: (response) => {
        response.statusCode = 503;
        response.end('{}');
      },
    });
    const empty = await standIn({ list: (response) => response.end(JSON.stringify({ data: [] })) });
    const asked: string[] = [];
    const recordingFetch: typeof fetch = (url, init) => {
      asked.push(String(url));
      return fetch(url, init);
    };
    try {
      expect(await warmUp({ origin: failing.origin, seconds: 2 })).toMatchObject({ pages: 0, renders: 0 });
      expect(await warmUp({ origin: empty.origin, seconds: 2 })).toMatchObject({ pages: 0, renders: 0 });
      expect([failing.seen.length, empty.seen.length]).toEqual([1, 1]);
      expect(await warmUp({ origin: empty.origin, seconds: 0, fetchImpl: recordingFetch })).toMatchObject({
        renders: 0,
      });
      expect(await warmUp({ origin: empty.origin, seconds: 2, renders: 0, fetchImpl: recordingFetch })).toMatchObject({
        renders: 0,
      });
      expect(asked).toEqual([]);
    } finally {
      await Promise.all([failing.close(), empty.close()]);
    }
  });

  it('stops early once its renders fail (the services went away), not at the end of its seconds', async () => {
    const site = await standIn({
      page: (response) => {
        response.statusCode = 500;
        response.end('down');
      },
    });
    try {
      const result = await warmUp({ origin: site.origin, seconds: 5, concurrency: 1 });
      expect(result.renders).toBe(0);
      expect(result.failures).toBe(4);
      expect(result.ms).toBeLessThan(2_000);
    } finally {
      await site.close();
    }
  });

  it('is told apart from a visitor only by its process’s token on a loopback connection', () => {
    const on = (remoteAddress: string, headers: Record<string, string>) =>
      isWarmUpRequest({ headers, socket: { remoteAddress } });
    expect(WARM_UP_TOKEN).toMatch(/^[0-9a-f-]{36}$/);
    expect(on('127.0.0.1', { [WARM_UP_HEADER]: WARM_UP_TOKEN })).toBe(true);
    expect(on('::1', { [WARM_UP_HEADER]: WARM_UP_TOKEN })).toBe(true);
    expect(on('203.0.113.9', { [WARM_UP_HEADER]: WARM_UP_TOKEN })).toBe(false);
    expect(on('127.0.0.1', { [WARM_UP_HEADER]: '1' })).toBe(false);
    expect(on('127.0.0.1', {})).toBe(false);
  });

  it('runs for 800 renders or 20 s by default, either settable, and refuses what is no count', () => {
    expect(loadEdgeConfig({})).toMatchObject({ SITE_WARM_UP_RENDERS: 800, SITE_WARM_UP_SECONDS: 20 });
    expect(loadEdgeConfig({ SITE_WARM_UP_RENDERS: '0', SITE_WARM_UP_SECONDS: '5' })).toMatchObject({
      SITE_WARM_UP_RENDERS: 0,
      SITE_WARM_UP_SECONDS: 5,
    });
    expect(() => loadEdgeConfig({ SITE_WARM_UP_RENDERS: '-1' })).toThrow(/SITE_WARM_UP_RENDERS/);
    expect(() => loadEdgeConfig({ SITE_WARM_UP_RENDERS: '2.5' })).toThrow(/SITE_WARM_UP_RENDERS/);
  });
});
