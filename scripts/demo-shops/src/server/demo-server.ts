import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ShopSite } from '../site/shop-site.js';
import type { DemoWorld } from '../world/demo-world.js';
import { LiveMarket } from '../world/live-market.js';
import { shopIndexOf, type ShopAddressing } from '../world/shop-addresses.js';
import { registerAdminRoutes } from './admin-routes.js';
import { RequestLog } from './request-log.js';
import { refusalOf } from './traffic-rules.js';

export interface DemoServerOptions {
  readonly world: DemoWorld;
  readonly addressing: ShopAddressing;
  /** Where the index and admin endpoints listen (default 127.0.0.1, on the shops' port). */
  readonly adminHost?: string;
  /** The shops' notion of now, ms (tests move it). */
  readonly clock?: () => number;
}

export interface RunningDemoShops {
  /** The addressing in use (the port chosen when 0 was asked). */
  readonly addressing: ShopAddressing;
  /** http://127.0.0.1:PORT: the shop index and /__admin/… */
  readonly adminUrl: string;
  readonly log: RequestLog;
  readonly market: LiveMarket;
  close(): Promise<void>;
}

/**
 * One Fastify app serving every demo shop: a server per shop address (all on one port, ADR 041)
 * shares its handler; the shop is told by the local address the request arrived on. The admin
 * address serves the index and the admin endpoints. Every request to a shop is logged on
 * arrival with its status and concurrency (RequestLog).
 */
export async function startDemoShops(options: DemoServerOptions): Promise<RunningDemoShops> {
  const { world } = options;
  // Port 0 (tests) takes a free port on the admin address; the shops then listen on the same one.
  const addressing = { ...options.addressing };
  const clock = options.clock ?? Date.now;
  const market = new LiveMarket(world.options.seed, world.startMs);
  const site = new ShopSite(world, market);
  const log = new RequestLog();
  const shopServers: Server[] = [];
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const app: FastifyInstance = Fastify({
    logger: false,
    serverFactory: (handle) => {
      handler = handle;
      return createServer(handle);
    },
  });
  const adminHost = options.adminHost ?? '127.0.0.1';

  app.addHook('onRequest', async (request, reply) => {
    const shopIndex = shopIndexOf(request.raw.socket.localAddress ?? '', addressing);
    const shop = shopIndex === null ? undefined : world.shops[shopIndex];
    if (!shop) return;
    const path = request.url.split('?')[0] ?? '/';
    const now = clock();
    const entry = log.start(shop.shop.index, `${shop.address}:${addressing.port}`, request.method, path, now);
    reply.raw.once('close', () => entry.finish(reply.raw.statusCode));
    (request as ShopRequest).shop = { index: shop.shop.index, now };
  });

  const serveShop = async (request: FastifyRequest, reply: FastifyReply) => {
    const context = (request as ShopRequest).shop;
    const shop = context ? world.shops[context.index] : undefined;
    if (!shop || !context)
      return reply.code(404).type('text/plain').send('not a demo shop address (see the index on the admin address)');
    const [path = '/', queryText = ''] = request.url.split('?', 2);
    const refusal = refusalOf(shop, path, context.now, log);
    if (refusal)
      return reply
        .code(refusal.status)
        .header('retry-after', String(refusal.retryAfterSeconds))
        .type('text/plain')
        .send(refusal.status === 429 ? 'Too many requests' : 'Service unavailable');
    const origin = `http://${shop.address}:${addressing.port}`;
    const answer = site.respond(shop, path, new URLSearchParams(queryText), origin, context.now);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    reply.code(answer.status).type(answer.contentType);
    for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
    return reply.send(answer.body);
  };
  registerAdminRoutes(app, { world, addressing, market, site, log, clock, serveShop });
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: serveShop });

  await app.listen({ host: adminHost, port: addressing.port });
  addressing.port = (app.server.address() as AddressInfo).port;
  const handle = handler as ((req: IncomingMessage, res: ServerResponse) => void) | null;
  if (!handle) throw new Error('Fastify did not hand over its request handler');
  try {
    for (const shop of world.shops) {
      const server = createServer(handle);
      shopServers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(addressing.port, shop.address, () => resolve());
      });
    }
  } catch (error) {
    await Promise.all(shopServers.map((server) => new Promise((resolve) => server.close(resolve))));
    await app.close();
    throw error;
  }
  return {
    addressing,
    adminUrl: `http://${adminHost}:${addressing.port}`,
    log,
    market,
    close: async () => {
      for (const server of shopServers) server.closeAllConnections();
      await Promise.all(shopServers.map((server) => new Promise((resolve) => server.close(resolve))));
      await app.close();
    },
  };
}

interface ShopRequest extends FastifyRequest {
  shop?: { index: number; now: number };
}
