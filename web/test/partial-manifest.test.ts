// The site's patch of @remix-run/react (web/patches/@remix-run+react+*.patch): the partial
// manifest a server-rendered page inlines (lazy route discovery) is made once per matched routes
// and parent path, not by matching every parent path against the route tree on every render.
import { matchRoutes, type AgnosticDataRouteObject } from '@remix-run/router';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { getPartialManifest } = require('@remix-run/react/dist/fog-of-war.js') as {
  getPartialManifest: (manifest: object, router: object) => { routes: Record<string, unknown> };
};

const route = (id: string, parentId?: string, extra: object = {}) => ({ id, parentId, module: `/${id}.js`, ...extra });
const manifest = {
  version: 'test',
  url: '/manifest.js',
  entry: { module: '/entry.js', imports: [] },
  routes: {
    root: route('root'),
    locale: route('locale', 'root', { path: ':locale' }),
    'locale.index': route('locale.index', 'locale', { index: true }),
    'locale.products': route('locale.products', 'locale', { path: 'products' }),
    'locale.products.index': route('locale.products.index', 'locale.products', { index: true }),
    'locale.products.product': route('locale.products.product', 'locale.products', { path: ':product' }),
    'locale.shops': route('locale.shops', 'locale', { path: 'shops' }),
  },
};
const routes: AgnosticDataRouteObject[] = [
  {
    id: 'root',
    path: '',
    children: [
      {
        id: 'locale',
        path: ':locale',
        children: [
          { id: 'locale.index', index: true },
          {
            id: 'locale.products',
            path: 'products',
            children: [
              { id: 'locale.products.index', index: true },
              { id: 'locale.products.product', path: ':product' },
            ],
          },
          { id: 'locale.shops', path: 'shops' },
        ],
      },
    ],
  },
];
/** What getPartialManifest reads of Remix's static router on a page render. */
const routerAt = (pathname: string) => ({
  routes,
  basename: '/',
  state: { location: { pathname }, matches: matchRoutes(routes, pathname) ?? [] },
});

describe('the partial manifest of a page (patched @remix-run/react)', () => {
  it('names the matched routes and those of the parent paths, as unpatched', () => {
    const partial = getPartialManifest(manifest, routerAt('/en-ch/products/mia-doll-p1'));
    expect(Object.keys(partial.routes).sort()).toEqual([
      'locale',
      'locale.index',
      'locale.products',
      'locale.products.index',
      'locale.products.product',
      'root',
    ]);
  });

  it('is the same object for another page of the same routes and parents, and another for others', () => {
    const first = getPartialManifest(manifest, routerAt('/en-ch/products/mia-doll-p1'));
    expect(getPartialManifest(manifest, routerAt('/en-ch/products/kleintone-wave-p2'))).toBe(first);
    expect(getPartialManifest(manifest, routerAt('/de-ch/products/kleintone-wave-p2'))).not.toBe(first);
    const shops = getPartialManifest(manifest, routerAt('/en-ch/shops'));
    expect(Object.keys(shops.routes).sort()).toEqual(['locale', 'locale.index', 'locale.shops', 'root']);
  });
});
