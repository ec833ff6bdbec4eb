// Category names changed by staff reach the stored pages at once (ADR 131), over the real
// services and their event log: the site's micro-cache (web/micro-cache.cjs) in front of the
// pages rendered from their route modules, the follower of the bus (web/edge/page-events.cjs)
// and the page refresher (web/edge/page-refresh.cjs) as site-process.mjs wires them, and the
// page parts the site keeps (entry.server.tsx's `pageParts`). A German name staff give a category
// shows on the categories page, the category's page, a brand's filters and a product's trail as
// soon as catalog's CategoryChanged is heard, not once the stored pages (30–60 s) and the kept names expire.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createServiceClient } from '@pc/kit/grpc/client';
import { CatalogServiceService, UpdateCategoryRequest } from '@pc/proto/catalog/v1/catalog';
import { eventually, seedCatalogue, type Catalogue } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';
import { followSiteChanges, type SiteFollower } from './site-follower';
import { renderSitePage, type SitePageModule } from './site-page';

interface ExpressRequest {
  path: string;
  originalUrl: string;
}
interface ExpressResponse {
  setHeader(name: string, value: string): void;
  status(code: number): ExpressResponse;
  type(type: string): ExpressResponse;
  send(body: string): void;
}
interface ExpressApp {
  use(handler: unknown): void;
  get(path: string, handler: (request: ExpressRequest, response: ExpressResponse) => void): void;
  listen(port: number, host: string, ready: () => void): Server;
}
interface MicroCache {
  middleware: unknown;
  taggedKeys(tag: string): string[];
}

/* eslint-disable @typescript-eslint/no-require-imports */
const express = require('express') as () => ExpressApp;
const { microCache } = require('../micro-cache.cjs') as { microCache: (options: object) => MicroCache };
const { pageRefresher } = require('../edge/page-refresh.cjs') as {
  pageRefresher: (options: object) => { changed(tags: string[]): void; stop(): void };
};
/* eslint-enable @typescript-eslint/no-require-imports */

type PageModule = SitePageModule & {
  headers: (args: { loaderHeaders: Headers }) => Record<string, string>;
};

const logger = pino({ level: 'silent' });
let platform: Platform;
let catalogue: Catalogue;
let server: Server;
let origin: string;
let follower: SiteFollower | undefined;
let refresher: { stop(): void };
let cache: MicroCache;
let headphones: string;
let renders = 0;

/** The site's pages under test, by their route patterns. */
const routes: [RegExp, string, () => Promise<PageModule>][] = [
  [/^\/[^/]+\/categories$/, ':locale/categories', () => import('~/routes/$locale.categories._index') as never],
  [
    /^\/[^/]+\/categories\/[^/]+$/,
    ':locale/categories/:category',
    () => import('~/routes/$locale.categories.$category') as never,
  ],
  [/^\/[^/]+\/brands\/[^/]+$/, ':locale/brands/:brand', () => import('~/routes/$locale.brands.$brand') as never],
  [
    /^\/[^/]+\/products\/[^/]+$/,
    ':locale/products/:product',
    () => import('~/routes/$locale.products.$product') as never,
  ],
];

/** A page as the site answers it: its HTML, and the headers its route gives (Cache-Control, X-Cache-Tags). */
async function renderPage(path: string, url: string): Promise<{ html: string; headers: Record<string, string> }> {
  const route = routes.find(([pattern]) => pattern.test(path));
  if (!route) throw new Error(`no route for ${path}`);
  const module = await route[2]();
  const request = new Request(`http://site.test${url}`);
  const params = Object.fromEntries(
    route[1].split('/').flatMap((part, i) => (part.startsWith(':') ? [[part.slice(1), path.split('/')[i + 1]]] : [])),
  );
  // The loader's headers, as Remix hands them to the route's `headers`.
  const loaded = (await (module.loader as (args: object) => Promise<unknown>)({ request, params, context: {} })) as {
    data?: unknown;
    init?: ResponseInit;
  };
  const loaderHeaders = new Headers(
    loaded && typeof loaded === 'object' && 'init' in loaded ? loaded.init?.headers : {},
  );
  const headers = module.headers({ loaderHeaders });
  // The product page as its data (its trail's names): its view renders with the browser build's React.
  if (route[1] === ':locale/products/:product') return { html: JSON.stringify(loaded.data), headers };
  return { html: await renderSitePage(module, route[1], request), headers };
}

/** GETs a page through the micro-cache: its body and whether it was stored already. */
async function visit(url: string): Promise<{ html: string; cached: string | null }> {
  const answer = await fetch(`${origin}${url}`);
  expect(answer.status).toBe(200);
  return { html: await answer.text(), cached: answer.headers.get('x-cache') };
}

const nameInGerman = (categoryId: string, name: string) =>
  createServiceClient(CatalogServiceService, platform.addresses.catalog).updateCategory(
    UpdateCategoryRequest.fromPartial({
      categoryId,
      actorUserId: platform.staffUserId,
      language: 'en',
      translations: [{ language: 'de', name }],
    }),
  );

beforeAll(async () => {
  platform = await startPlatform();
  await import('~/i18n/messages.server'); // the messages every page renders with
  catalogue = await seedCatalogue(platform);
  headphones = catalogue.categoryId;
  await nameInGerman(headphones, 'Kopfhörer');

  // The site's edge: the micro-cache in front of the pages, rendering changed pages again through it.
  const app = express();
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cache = microCache({ origin });
  app.use(cache.middleware);
  app.get('*', (request, response) => {
    renders += 1;
    renderPage(request.path, request.originalUrl).then(
      ({ html, headers }) => {
        for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
        response.type('html').send(html);
      },
      (error: unknown) => response.status(500).type('text').send(String(error)),
    );
  });

  // The site's follower of the bus, as site-process.mjs wires it.
  const pageRefresh = pageRefresher({ cache, delayMs: 20, logger });
  refresher = pageRefresh;
  follower = await followSiteChanges({
    dataDir: platform.dataDir,
    logger,
    group: 'web.pages.category-changes.3000',
    changed: (tags) => pageRefresh.changed(tags),
  });
}, 120_000);

afterAll(async () => {
  refresher?.stop();
  await follower?.stop();
  server?.close();
  await platform?.stop();
});

describe('a category renamed by staff', () => {
  it('shows its new German name on the stored German pages as soon as catalog says so', async () => {
    const pages = {
      tree: '/de-ch/categories',
      category: `/de-ch/categories/${headphones}`,
      brand: `/de-ch/brands/${catalogue.brandSlug}`,
      // Its trail names the category: the kept product and the stored page are named by `category:<id>`.
      product: `/de-ch/products/${catalogue.products.headphones.slug}-p${catalogue.products.headphones.productId}`,
    };
    for (const url of Object.values(pages)) {
      const first = await visit(url);
      expect(first.html).toContain('Kopfhörer');
      // Stored: the next visitor gets the page from the cache.
      expect((await visit(url)).cached).toBe('hit');
    }
    // Each names categories: a category's change renders it again.
    expect(cache.taggedKeys('categories')).toHaveLength(3);
    expect(cache.taggedKeys(`category:${headphones}`)).toHaveLength(1);
    const rendered = renders;

    await nameInGerman(headphones, 'Ohrhörer');
    // Well within the pages' age in the cache (30–60 s) and the kept names' minute.
    for (const url of Object.values(pages)) {
      const page = await eventually(
        `${url} to show the new name`,
        async () => {
          const answer = await visit(url);
          return answer.html.includes('Ohrhörer') ? answer : undefined;
        },
        10_000,
      );
      // Rendered again by the cache in the background: visitors get it stored.
      expect(page.cached).toBe('hit');
      expect(page.html).not.toContain('Kopfhörer');
    }
    expect(renders - rendered).toBeGreaterThanOrEqual(4);
  });
});
