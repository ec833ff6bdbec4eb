import { Availability } from '@pc/proto/common/v1/commerce';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../render/html.js';
import { manifestOf } from '../site/manifest.js';
import type { ShopSite } from '../site/shop-site.js';
import type { DemoShop, DemoWorld } from '../world/demo-world.js';
import type { LiveMarket, OfferOverride } from '../world/live-market.js';
import { shopBaseUrl, shopIndexOf, type ShopAddressing } from '../world/shop-addresses.js';
import type { RequestLog } from './request-log.js';

export interface AdminDeps {
  readonly world: DemoWorld;
  readonly addressing: ShopAddressing;
  readonly market: LiveMarket;
  readonly site: ShopSite;
  readonly log: RequestLog;
  readonly clock: () => number;
  /** Serves a shop's page: "/" is a shop's home page on a shop address, the index here. */
  readonly serveShop: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

const AVAILABILITIES: Readonly<Record<string, Availability>> = {
  in_stock: Availability.AVAILABILITY_IN_STOCK,
  out_of_stock: Availability.AVAILABILITY_OUT_OF_STOCK,
  limited: Availability.AVAILABILITY_LIMITED,
  preorder: Availability.AVAILABILITY_PRE_ORDER,
};

/** A 400 with the field errors, as the platform answers bad input. */
const badRequest = (reply: FastifyReply, violations: readonly { field: string; reason: string }[]) =>
  reply.code(400).send({ error: 'invalid request', violations });

/**
 * The admin address (127.0.0.1:PORT) only: the shop index (links to every shop), the manifest,
 * the request log and price changes.
 *
 * - `GET /` — every shop with its address, markup, robots style, feeds and habits
 * - `GET /__admin/shops` — the manifest (JSON, `manifestOf`)
 * - `GET /__admin/requests?minIntervalMs=1000&since=MS` — per host: requests, over-rate arrivals, max in flight, statuses
 * - `GET /__admin/requests/HOST?since=MS` — one host's requests; `DELETE /__admin/requests` clears the log
 * - `GET /__admin/offers/SHOP/ID` — an offer's live state; `POST` `{ priceMinor?, availability?, listed? }` changes it, `DELETE` reverts to the generated state
 */
export function registerAdminRoutes(app: FastifyInstance, deps: AdminDeps): void {
  const { world, addressing, market, log, clock } = deps;
  const onAdminAddress = async (request: FastifyRequest, reply: FastifyReply) => {
    if (shopIndexOf(request.raw.socket.localAddress ?? '', addressing) !== null)
      await reply.code(404).type('text/plain').send('Not found');
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/',
    handler: async (request, reply) =>
      shopIndexOf(request.raw.socket.localAddress ?? '', addressing) === null
        ? reply.type('text/html; charset=utf-8').send(indexPage(world, addressing))
        : deps.serveShop(request, reply),
  });
  app.get('/__admin/shops', { preHandler: onAdminAddress }, async () => manifestOf(world, addressing));
  app.get('/__admin/health', { preHandler: onAdminAddress }, async () => ({ status: 'ok', shops: world.shops.length }));

  app.get('/__admin/requests', { preHandler: onAdminAddress }, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const minIntervalMs = Number(query.minIntervalMs ?? 1000);
    const since = Number(query.since ?? 0);
    if (!Number.isFinite(minIntervalMs) || minIntervalMs < 0)
      return badRequest(reply, [{ field: 'minIntervalMs', reason: 'a number of milliseconds ≥ 0' }]);
    if (!Number.isFinite(since)) return badRequest(reply, [{ field: 'since', reason: 'a time in ms since the epoch' }]);
    const hosts = log.summaries({ minIntervalMs, since });
    return {
      now: clock(),
      minIntervalMs,
      hosts,
      totals: {
        requests: hosts.reduce((sum, h) => sum + h.requests, 0),
        overRate: hosts.reduce((sum, h) => sum + h.overRate, 0),
        maxInFlight: Math.max(0, ...hosts.map((h) => h.maxInFlight)),
      },
    };
  });
  app.get('/__admin/requests/:host', { preHandler: onAdminAddress }, async (request, reply) => {
    const { host } = request.params as { host: string };
    const index = shopIndexOf(host.split(':')[0] ?? '', addressing);
    if (index === null || !world.shops[index])
      return badRequest(reply, [{ field: 'host', reason: 'not a demo shop address' }]);
    return { host, requests: log.entries(index, Number((request.query as { since?: string }).since ?? 0)) };
  });
  app.delete('/__admin/requests', { preHandler: onAdminAddress }, async () => {
    log.clear();
    return { cleared: true };
  });

  const offerOf = (
    request: FastifyRequest,
  ): { shop: DemoShop; item: NonNullable<ReturnType<DemoShop['byOfferId']['get']>> } | null => {
    const { shop: shopKey, id } = request.params as { shop: string; id: string };
    const index = /^\d+$/.test(shopKey) ? Number(shopKey) : shopIndexOf(shopKey.split(':')[0] ?? '', addressing);
    const shop = index === null ? undefined : world.shops[index];
    const item = shop?.byOfferId.get(id);
    return shop && item ? { shop, item } : null;
  };
  const liveView = (shop: DemoShop, item: Parameters<LiveMarket['stateOf']>[1]) => ({
    shop: shop.shop.index,
    shopOfferId: item.offer.shopOfferId,
    url: `${shopBaseUrl(shop.shop.index, addressing)}${item.path}`,
    currency: item.offer.currency,
    ...market.stateOf(shop, item, clock()),
  });

  app.get('/__admin/offers/:shop/:id', { preHandler: onAdminAddress }, async (request, reply) => {
    const found = offerOf(request);
    return found ? liveView(found.shop, found.item) : reply.code(404).send({ error: 'no such shop or offer' });
  });
  app.post('/__admin/offers/:shop/:id', { preHandler: onAdminAddress }, async (request, reply) => {
    const found = offerOf(request);
    if (!found) return reply.code(404).send({ error: 'no such shop or offer' });
    const body = (request.body ?? {}) as Record<string, unknown>;
    const violations: { field: string; reason: string }[] = [];
    const change: { -readonly [K in keyof OfferOverride]: OfferOverride[K] } = {};
    if (body.priceMinor !== undefined) {
      if (typeof body.priceMinor !== 'number' || !Number.isSafeInteger(body.priceMinor) || body.priceMinor <= 0)
        violations.push({ field: 'priceMinor', reason: 'a positive whole number of minor units' });
      else change.priceMinor = body.priceMinor;
    }
    if (body.availability !== undefined) {
      const known = typeof body.availability === 'string' ? AVAILABILITIES[body.availability] : undefined;
      if (known === undefined)
        violations.push({ field: 'availability', reason: `one of ${Object.keys(AVAILABILITIES).join(', ')}` });
      else change.availability = known;
    }
    if (body.listed !== undefined) {
      if (typeof body.listed !== 'boolean') violations.push({ field: 'listed', reason: 'true or false' });
      else change.listed = body.listed;
    }
    if (violations.length === 0 && Object.keys(change).length === 0)
      violations.push({ field: 'body', reason: 'give priceMinor, availability or listed' });
    if (violations.length > 0) return badRequest(reply, violations);
    market.override(found.shop, found.item, change);
    return liveView(found.shop, found.item);
  });
  app.delete('/__admin/offers/:shop/:id', { preHandler: onAdminAddress }, async (request, reply) => {
    const found = offerOf(request);
    if (!found) return reply.code(404).send({ error: 'no such shop or offer' });
    market.override(found.shop, found.item, null);
    return liveView(found.shop, found.item);
  });
}

function indexPage(world: DemoWorld, addressing: ShopAddressing): string {
  const rows = world.shops.map(({ shop, site, offers }) => {
    const base = shopBaseUrl(shop.index, addressing);
    const habits = [
      site.slowMs ? `slow ${site.slowMs} ms` : '',
      site.minIntervalMs ? '429 under 2 s' : '',
      site.burstSeconds ? '503 bursts' : '',
      site.redirects ? 'redirects' : '',
      site.redirectLoop ? 'redirect loop' : '',
      site.brokenJsonLd ? 'broken JSON-LD' : '',
      site.fastMover ? 'fast mover' : '',
    ]
      .filter(Boolean)
      .join(', ');
    const feeds = site.feeds.map((feed) => `<a href="${base}${feed.path}">${feed.format}</a>`).join(' ');
    return `<tr><td>${shop.index}</td><td><a href="${base}/">${escapeHtml(shop.name)}</a></td><td>${shop.country}</td><td>${offers.length}</td><td>${site.markup}</td><td><a href="${base}/robots.txt">${site.robots}</a></td><td>${feeds}</td><td>${escapeHtml(habits)}</td></tr>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo shops</title></head><body>
<h1>Demo shops (seed ${escapeHtml(world.options.seed)}, ${world.shops.length} shops)</h1>
<p>Each shop is its own host on this machine. Admin: <a href="/__admin/shops">manifest</a>, <a href="/__admin/requests">request log</a>.</p>
<table><thead><tr><th>#</th><th>shop</th><th>country</th><th>offers</th><th>markup</th><th>robots.txt</th><th>feeds</th><th>habits</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table></body></html>`;
}
