// The micro-cache and its refresher on /metrics (web/edge/cache-metrics.cjs): a real Express
// server with the micro-cache in front of a page, read through an OpenTelemetry reader as a
// Prometheus scrape reads it; and the page parts the app keeps (ADR 093).
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { metricValue, ScrapeReader } from '@pc/kit/testing/scrape-reader';
import { pageParts } from '~/data/page-parts.server';

/* eslint-disable @typescript-eslint/no-require-imports */
const { microCache } = require('../micro-cache.cjs');
const { pageRefresher } = require('../edge/page-refresh.cjs');
const { registerCacheMetrics, registerPagePartsMetrics } = require('../edge/cache-metrics.cjs');
// The site's server is Express (web/site-process.mjs); the package ships no types.
const express = require('express');
/* eslint-enable @typescript-eslint/no-require-imports */

interface Request {
  params: Record<string, string>;
}
interface Response {
  set(name: string, value: string): void;
  send(body: string): void;
}
type Middleware = (request: Request, response: Response, next: () => void) => void;

describe('the micro-cache on /metrics', () => {
  let server: Server;
  let origin: string;
  let renders = 0;
  const reader = new ScrapeReader();
  const provider = new MeterProvider({ readers: [reader] });
  let refresher: { changed(tags: string[]): void; idle(): Promise<void>; stop(): void };

  beforeAll(async () => {
    const app = express();
    const late: { cache?: { middleware: Middleware } } = {};
    app.use((request: Request, response: Response, next: () => void) =>
      late.cache?.middleware(request, response, next),
    );
    app.get('/en-ch/products/:id', (request: Request, response: Response) => {
      renders += 1;
      response.set('Cache-Control', 'public, max-age=0, s-maxage=30, stale-while-revalidate=30');
      response.set('X-Cache-Tags', `product:${request.params.id}`);
      response.send(`<p>${request.params.id} render ${renders}</p>`);
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The cache renders pages again through the server's own address, known once it listens.
    const cache = microCache({ origin });
    late.cache = cache;
    refresher = pageRefresher({ cache, delayMs: 10 });
    registerCacheMetrics({ cache, refresher, meter: provider.getMeter('test') });
  });
  afterAll(async () => {
    refresher.stop();
    await provider.shutdown();
    await new Promise((resolve) => server.close(resolve));
  });

  it('counts visitors’ answers apart from its own renders, the pages stored, and what the refresher did', async () => {
    const visit = async (path: string) => (await fetch(`${origin}${path}`)).headers.get('x-cache');
    expect(await visit('/en-ch/products/p1')).toBe('miss');
    expect(await visit('/en-ch/products/p1')).toBe('hit');
    expect(await visit('/en-ch/products/p2')).toBe('miss');
    refresher.changed(['product:p1', 'product:unknown']);
    await refresher.idle();

    const { resourceMetrics } = await reader.collect();
    expect(metricValue(resourceMetrics, 'web.micro_cache.requests', { answer: 'misses' })).toBe(2);
    expect(metricValue(resourceMetrics, 'web.micro_cache.requests', { answer: 'hits' })).toBe(1);
    // The refresher's render of p1 is the cache's own request, not a visitor's miss.
    expect(metricValue(resourceMetrics, 'web.micro_cache.requests', { answer: 'refreshes' })).toBe(1);
    expect(metricValue(resourceMetrics, 'web.micro_cache.stores')).toBe(3);
    expect(metricValue(resourceMetrics, 'web.micro_cache.pages')).toBe(2);
    expect(metricValue(resourceMetrics, 'web.page_refresh.pages', { result: 'refreshed' })).toBe(1);
    expect(metricValue(resourceMetrics, 'web.page_refresh.pages', { result: 'dropped' })).toBe(0);
    expect(metricValue(resourceMetrics, 'web.page_refresh.queued')).toBe(0);
    expect(renders).toBe(3);
  });
});

describe('the page parts on /metrics', () => {
  it('counts reads from memory, past their age and from the services, parts dropped by a change or for room, and parts kept', async () => {
    const reader = new ScrapeReader();
    const provider = new MeterProvider({ readers: [reader] });
    let clock = 0;
    const parts = pageParts({ maxAgeMs: 30_000, staleMs: 30_000, maxEntries: 2, now: () => clock });
    registerPagePartsMetrics(parts, provider.getMeter('test'));
    const read = (key: string) =>
      parts.read(
        key,
        async () => key,
        () => [`product:${key}`],
      );
    for (const key of ['p1', 'p1', 'p1', 'p2', 'p3']) await read(key);
    parts.changed(['product:p3']);
    clock += 40_000;
    await read('p2');

    const { resourceMetrics } = await reader.collect();
    expect(metricValue(resourceMetrics, 'web.page_parts.reads', { answer: 'hits' })).toBe(2);
    expect(metricValue(resourceMetrics, 'web.page_parts.reads', { answer: 'stale' })).toBe(1);
    expect(metricValue(resourceMetrics, 'web.page_parts.reads', { answer: 'misses' })).toBe(3);
    expect(metricValue(resourceMetrics, 'web.page_parts.dropped', { reason: 'changed' })).toBe(1);
    expect(metricValue(resourceMetrics, 'web.page_parts.dropped', { reason: 'evicted' })).toBe(1);
    expect(metricValue(resourceMetrics, 'web.page_parts.kept')).toBe(1);
    expect(metricValue(resourceMetrics, 'web.page_parts.bus_followed')).toBe(0);
    parts.followed(clock, 15_000);
    const followed = await reader.collect();
    expect(metricValue(followed.resourceMetrics, 'web.page_parts.bus_followed')).toBe(1);
    await provider.shutdown();
  });
});
