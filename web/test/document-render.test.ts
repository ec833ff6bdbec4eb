// The site's document render: entry.server's handleRequest under Remix's own request handler,
// with the patched @remix-run/react (route objects made once per build) and react-router-dom
// (a static router's data routes made once per routes array).
import { createElement } from 'react';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { createStaticRouter } from 'react-router-dom/server';
import handleRequest, { handleError } from '~/entry.server';
import { siteFutureFlags } from '~/routing/future-flags';
import { withCountedPath } from './counted-path';

type AssetRoute = ServerBuild['assets']['routes'][string];

/** A manifest route whose `path` counts its reads: Remix reads it whenever it makes route objects. */
function countedAssetRoute(route: Omit<AssetRoute, 'path'> & { path?: string }, reads: { count: number }): AssetRoute {
  const { path, ...rest } = route;
  return withCountedPath({ ...rest } as AssetRoute, path, reads);
}

function documentBuild(reads: { count: number }): ServerBuild {
  const assetRoute = (id: string, parentId: string | undefined, path: string | undefined) =>
    countedAssetRoute(
      {
        id,
        parentId,
        path,
        module: `/${id}.js`,
        hasAction: false,
        hasLoader: false,
        hasClientAction: false,
        hasClientLoader: false,
        hasErrorBoundary: false,
      },
      reads,
    );
  return {
    mode: 'production',
    entry: { module: { default: handleRequest, handleError } },
    routes: {
      root: { id: 'root', path: '', module: { default: () => createElement('main', null, createElement(Outlet)) } },
      page: {
        id: 'page',
        parentId: 'root',
        path: ':locale/page',
        module: { default: () => createElement('h1', null, 'A page') },
      },
    },
    assets: {
      entry: { imports: [], module: '/entry.js' },
      routes: { root: assetRoute('root', undefined, ''), page: assetRoute('page', 'root', ':locale/page') },
      url: '/manifest.js',
      version: 'test',
    },
    publicPath: '/',
    assetsBuildDirectory: '',
    future: siteFutureFlags,
    isSpaMode: false,
  };
}

/** One page as the site's Express adapter asks for it: the request's signal aborts once the answer is closed. */
const render = async (handler: ReturnType<typeof createRequestHandler>, path: string) => {
  const closed = new AbortController();
  const request = new Request(`http://site.test${path}`, {
    headers: { 'user-agent': 'Mozilla/5.0' },
    signal: closed.signal,
  });
  const response = await handler(request, { cspNonce: 'n0nce' });
  const page = { status: response.status, html: await response.text() };
  closed.abort();
  return page;
};

describe('the document render', () => {
  afterEach(() => jest.useRealTimers());

  it('makes the route objects of a build once, not on every page', async () => {
    const reads = { count: 0 };
    const handler = createRequestHandler(documentBuild(reads));
    const first = await render(handler, '/en-ch/page');
    expect(first.status).toBe(200);
    expect(first.html).toContain('<h1>A page</h1>');
    const afterFirst = reads.count;
    expect(afterFirst).toBeGreaterThan(0);

    const second = await render(handler, '/de-ch/page');
    expect(second.status).toBe(200);
    expect(second.html).toContain('<h1>A page</h1>');
    expect(reads.count).toBe(afterFirst);
  });

  it('leaves no timer behind once a page is sent whole', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const handler = createRequestHandler(documentBuild({ count: 0 }));
    const page = await render(handler, '/en-ch/page');
    expect(page.html).toContain('<h1>A page</h1>');
    // The render's abort timer would keep the render reachable, and abort it, five seconds on.
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('a static router (patched react-router-dom)', () => {
  it('makes the data routes of a routes array once, and matches with them as before', () => {
    const routes = [{ id: 'root', path: '/', children: [{ id: 'page', path: ':locale/page' }] }];
    const context = { basename: '/', location: { pathname: '/en-ch/page' }, matches: [], loaderData: {} };
    const first = createStaticRouter(routes, context as never);
    const second = createStaticRouter(routes, context as never);
    expect(second.routes).toBe(first.routes);
    expect(first.routes[0]?.children?.[0]).toMatchObject({ id: 'page', path: ':locale/page' });
    expect(createStaticRouter([...routes], context as never).routes).not.toBe(first.routes);
  });
});
