import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { AffiliatesServiceService, GetEcoTipSummaryRequest } from '@pc/proto/affiliates/v1/affiliates';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { ListFeedsRequest, OffersServiceService } from '@pc/proto/offers/v1/offers';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient } from '@pc/kit/grpc/client';
import { ensureGrpcurl, grpcurl } from '@pc/kit/testing/grpcurl';
import { SERVICES } from '../platform/service-list.cjs';
import { isAlive, startPlatform, type RunningPlatform } from './platform-process';

const root = join(__dirname, '..', '..');

/** Runs a Node script to its end; its exit code and its output (stdout and stderr). */
function runNode(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * The whole local platform as `npm start` runs it on an empty data dir: a process per service of
 * services/services.json, the site and the demo shops, real gRPC, embedded engines, seeded (a
 * small demo dataset through the real ingest path). Read through the site and its API, probe the services, crash one, stop it all.
 */
describe('npm start', () => {
  let platform: RunningPlatform;

  beforeAll(async () => {
    platform = await startPlatform(0, { seedArgs: '--products 40 --shops 16 --history-days 30 --reviews 2' });
  }, 180_000);

  afterAll(async () => {
    closeAllChannels();
    if (platform && platform.process.exitCode === null) await platform.interrupt();
  });

  it('serves a home page whose content came from the services over gRPC', async () => {
    const response = await fetch(`${platform.siteUrl}/en-ch`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Categories');
    expect(html).toContain('/en-ch/categories/'); // the catalog answered with the seeded tree
    const status = await (await fetch(`${platform.siteUrl}/status`)).text();
    for (const service of SERVICES) {
      expect(status).toContain(`data-service="${service}" data-serving="true"`);
    }
  });

  it('sends the bare domain to the default locale and unknown paths to not-found', async () => {
    const root = await fetch(platform.siteUrl, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/en-ch');
    expect((await fetch(`${platform.siteUrl}/xx-yy`)).status).toBe(404);
    expect((await fetch(`${platform.siteUrl}/en-ch/no/such/page`)).status).toBe(404);
    expect(await (await fetch(`${platform.siteUrl}/healthz`)).json()).toEqual({ status: 'ok' });
  });

  it('is populated on first start: products with prices, offers and history through the JSON API', async () => {
    const list = await fetch(`${platform.siteUrl}/api/products?locale=de-ch&sort=cheapest&facets=brand,category`);
    expect(list.status).toBe(200);
    const products = (await list.json()) as { data: { id: string; price: { amount: number; currency: string } | null }[]; meta: { total: number } };
    expect(products.meta.total).toBeGreaterThanOrEqual(35); // 40 generated; a few may share a product
    const priced = products.data.filter((product) => product.price !== null);
    expect(priced.length).toBeGreaterThan(0);
    expect(priced[0]?.price?.currency).toBe('CHF');
    const id = priced[0]!.id;
    const detail = await fetch(`${platform.siteUrl}/api/products/${id}?locale=de-ch`);
    expect(detail.status).toBe(200);
    expect(((await detail.json()) as { data: { id: string } }).data.id).toBe(id);
    const offers = (await (await fetch(`${platform.siteUrl}/api/products/${id}/offers?locale=de-ch`)).json()) as { data: unknown[] };
    expect(offers.data.length).toBeGreaterThan(0);
    const history = (await (await fetch(`${platform.siteUrl}/api/products/${id}/price-history?locale=de-ch`)).json()) as Record<string, unknown>;
    expect(JSON.stringify(history)).toContain('CHF');
    expect(platform.output()).toMatch(/seeded: \d+ shops, 40 products/);
  });

  it('answers gRPC: data, validation, identity and not-yet-built calls', async () => {
    const catalog = createServiceClient(CatalogServiceService, `127.0.0.1:${platform.grpcPort('catalog')}`);
    const categories = await catalog.listCategories({ parentId: '', sort: 0, page: undefined, language: 'de' });
    expect(categories.page).toMatchObject({ page: 1, hitsPerPage: 24 });
    expect(categories.page?.total).toBeGreaterThan(0);
    await expect(catalog.getCategory({ categoryId: 'nope', language: 'en' })).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    await expect(catalog.listBrands({ namePrefix: '', minProducts: 0, sort: 0, page: { page: 0, hitsPerPage: 500 }, language: 'en' })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [{ field: 'page.hits_per_page', reason: 'must be between 1 and 100' }],
    });
    const offers = createServiceClient(OffersServiceService, `127.0.0.1:${platform.grpcPort('offers')}`);
    // A shop's feeds are for its owner or an admin: without an actor the call is refused.
    await expect(offers.listFeeds(ListFeedsRequest.fromPartial({ shopId: 'any' }))).rejects.toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
    const affiliates = createServiceClient(AffiliatesServiceService, `127.0.0.1:${platform.grpcPort('affiliates')}`);
    await expect(affiliates.getEcoTipSummary(GetEcoTipSummaryRequest.fromPartial({}))).rejects.toMatchObject({ code: GrpcStatus.UNIMPLEMENTED });
  });

  it('lists each service to grpcurl over server reflection, without proto files', async () => {
    const binary = ensureGrpcurl();
    for (const service of SERVICES) {
      const listed = (await grpcurl(binary, ['-plaintext', `127.0.0.1:${platform.grpcPort(service)}`, 'list'])).trim().split('\n').sort();
      // The service's own API (pricecompare.catalog.v1.CatalogService, …) beside the health service.
      expect(listed).toEqual(['grpc.health.v1.Health', expect.stringMatching(new RegExp(`^pricecompare\\.${service}\\.v1\\.[A-Z][A-Za-z]*Service$`))]);
    }
    const described = await grpcurl(binary, ['-plaintext', `127.0.0.1:${platform.grpcPort('offers')}`, 'describe', 'pricecompare.offers.v1.OffersService.StreamProductPriceSummaries']);
    expect(described).toContain('returns ( stream .pricecompare.offers.v1.StreamProductPriceSummariesResponse )');
  }, 600_000);

  it('exposes readiness and Prometheus metrics on each ops port', async () => {
    const ready = await fetch(`http://127.0.0.1:${platform.opsPort('catalog')}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { documents: 'ok' } });
    const metrics = await (await fetch(`http://127.0.0.1:${platform.opsPort('catalog')}/metrics`)).text();
    expect(metrics).toMatch(/rpc_server_duration.*rpc_method="\/pricecompare\.catalog\.v1\.CatalogService\/ListCategories"/);
    expect(metrics).toContain('process_memory_rss');
  });

  it('takes the load smoke run (visitor, business and API mixes) without one failed request', async () => {
    // npm run load -- --profile smoke: vegeta at a gentle rate; it fails on errors, never on latency.
    const out = mkdtempSync(join(tmpdir(), 'pc-load-smoke-'));
    try {
      const run = await runNode([join(root, 'scripts', 'load', 'run.mjs'), '--profile', 'smoke', '--site', platform.siteUrl, '--out', out]);
      expect(run.output).toContain('load: ok (no errors)');
      expect(run.code).toBe(0);
      const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
      expect(summary).toMatchObject({ profile: 'smoke', mixes: ['visitor', 'business', 'api'], errors: 0 });
      expect(summary.requests).toBeGreaterThanOrEqual(90);
      // Every request kind of every mix was sent and answered (the click-outs as redirects), the
      // signed-in business user's pages included.
      expect(Object.keys(summary.statusCodes).sort()).toEqual(['200', '302']);
      expect(Object.keys(summary.kinds)).toHaveLength(20);
      expect(summary.kinds['business: account page (signed in)']).toMatchObject({ errors: 0, codes: { 200: expect.any(Number) } });
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  it('restarts a service that crashes', async () => {
    const catalogPid = platform.servicePid('catalog');
    process.kill(catalogPid, 'SIGKILL');
    const catalog = createServiceClient(CatalogServiceService, `127.0.0.1:${platform.grpcPort('catalog')}`, { deadlineMs: 1_000 });
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        await catalog.listCategories({ parentId: '', sort: 0, page: undefined, language: 'en' });
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    expect(isAlive(catalogPid)).toBe(false);
    expect(platform.output()).toMatch(/catalog\s+\| exited \(code null, signal SIGKILL\); restarting/);
  });

  it('stops every process cleanly on Ctrl-C', async () => {
    const pids = platform.childPids();
    expect(pids).toHaveLength(SERVICES.length + 3); // every service, the site, the admin app and the demo shops
    const code = await platform.interrupt();
    expect(code).toBe(0);
    expect(pids.filter(isAlive)).toEqual([]);
    expect(platform.output()).toContain('stopped.');
  });
});
