// The site's patch of @remix-run/router (web/patches/@remix-run+router+*.patch): route matching
// reuses the flattened, ranked branches of a routes array and the compiled path patterns, skips
// branches whose static segments the path lacks, and a tree changed in place through patchRoutes
// is matched afresh.
import { createMemoryHistory, createRouter, matchRoutes, type AgnosticRouteObject } from '@remix-run/router';
import { withCountedPath } from './counted-path';

/** A route whose `path` counts how often it is read (flattening reads it, matching does not). */
const countedRoute = (
  id: string,
  path: string,
  reads: { count: number },
  children?: AgnosticRouteObject[],
): AgnosticRouteObject => withCountedPath({ id, children } as AgnosticRouteObject, path, reads);

describe('route matching (patched @remix-run/router)', () => {
  it('matches as before: the best-ranked route wins and params are read per call', () => {
    const routes: AgnosticRouteObject[] = [
      {
        id: 'root',
        path: '/',
        children: [
          { id: 'products.$id', path: 'api/products/:id' },
          { id: 'products.search', path: 'api/products/search' },
          { id: 'splat', path: '*' },
        ],
      },
    ];
    expect(matchRoutes(routes, '/api/products/search')?.map((m) => m.route.id)).toEqual(['root', 'products.search']);
    expect(matchRoutes(routes, '/api/products/123')?.at(-1)?.params).toEqual({ id: '123' });
    expect(matchRoutes(routes, '/api/products/456')?.at(-1)?.params).toEqual({ id: '456' });
    expect(matchRoutes(routes, '/elsewhere')?.at(-1)?.route.id).toBe('splat');
  });

  it('flattens and ranks a routes array once, not on every match', () => {
    const reads = { count: 0 };
    const routes = [
      countedRoute('root', '/', reads, [countedRoute('a', 'a/:x', reads), countedRoute('b', 'b', reads)]),
    ];
    expect(matchRoutes(routes, '/a/1')?.at(-1)?.route.id).toBe('a');
    const afterFirst = reads.count;
    expect(afterFirst).toBeGreaterThan(0);
    expect(matchRoutes(routes, '/b')?.at(-1)?.route.id).toBe('b');
    expect(matchRoutes(routes, '/a/2')?.at(-1)?.params).toEqual({ x: '2' });
    expect(reads.count).toBe(afterFirst);
  });

  it('tries only the branches whose static segments the path has, and matches as the patterns do', () => {
    // Ranked alike, siblings are tried in order: "about" comes last.
    const pages = ['careers', 'help', 'brands', 'shops', 'categories', 'privacy', 'terms', 'about'];
    const siteRoutes = (pages: readonly string[]): AgnosticRouteObject[] => [
      {
        id: 'root',
        path: '',
        children: [
          {
            id: 'locale',
            path: ':locale',
            children: [
              { id: 'home', index: true },
              ...pages.map((page) => ({ id: page, path: page })),
              { id: 'product', path: 'products/:product' },
              { id: 'sitemap', path: 'sitemaps/:part.xml' },
              { id: 'accented', path: 'catégories' },
              { id: 'optional', path: 'deals/:kind?/today' },
              { id: 'splat', path: '*' },
            ],
          },
          { id: 'api', path: 'api/products/:id' },
        ],
      },
    ];
    const routes = siteRoutes(pages);
    const matched = (path: string) => {
      const matches = matchRoutes(routes, path);
      return matches ? [matches.at(-1)?.route.id, matches.at(-1)?.params] : null;
    };
    expect(matched('/en-ch/about')).toEqual(['about', { locale: 'en-ch' }]);
    expect(matched('/en-ch/ABOUT/')).toEqual(['about', { locale: 'en-ch' }]);
    expect(matched('/en-ch/products/mia-doll-p1')).toEqual(['product', { locale: 'en-ch', product: 'mia-doll-p1' }]);
    expect(matched('/en-ch/products/a%2Fb')).toEqual(['product', { locale: 'en-ch', product: 'a/b' }]);
    expect(matched('/en-ch/sitemaps/3.xml')).toEqual(['sitemap', { locale: 'en-ch', part: '3' }]);
    expect(matched('/fr-ch/CATÉGORIES')).toEqual(['accented', { locale: 'fr-ch' }]);
    expect(matched('/en-ch/deals/today')?.[0]).toBe('optional');
    expect(matched('/en-ch/deals/tv/today')).toEqual(['optional', { locale: 'en-ch', kind: 'tv' }]);
    expect(matched('/en-ch')).toEqual(['home', { locale: 'en-ch' }]);
    expect(matched('/en-ch//about')).toEqual(['splat', { locale: 'en-ch', '*': '/about' }]);
    expect(matched('/en-ch/products')).toEqual(['splat', { locale: 'en-ch', '*': 'products' }]);
    expect(matched('/api/products/7')).toEqual(['api', { id: '7' }]);

    // A route pattern is a regular expression run per route of a branch; a branch whose static
    // segments the path lacks (every other page here) runs none: matching "about" among eight
    // pages runs as many as matching it as the only page.
    const onlyAbout = siteRoutes(['about']);
    matchRoutes(onlyAbout, '/en-ch/about');
    const regexRuns = (tree: AgnosticRouteObject[]) => {
      const exec = jest.spyOn(RegExp.prototype, 'exec');
      try {
        expect(matchRoutes(tree, '/en-ch/about')?.at(-1)?.route.id).toBe('about');
        return exec.mock.calls.length;
      } finally {
        exec.mockRestore();
      }
    };
    expect(regexRuns(routes)).toBe(regexRuns(onlyAbout));
  });

  it('matches routes discovered on navigation, which are added to the tree in place', async () => {
    // Lazy route discovery patches the routes array the navigation is matching against, then
    // matches that same array again: ranked branches kept from before would not know the route.
    const router = createRouter({
      routes: [{ id: 'root', path: '/', children: [{ id: 'home', index: true }] }],
      history: createMemoryHistory(),
      patchRoutesOnNavigation: ({ path, patch }) => {
        if (path === '/added') patch('root', [{ id: 'added', path: 'added' }]);
      },
    }).initialize();
    try {
      await router.navigate('/');
      expect(router.state.matches.at(-1)?.route.id).toBe('home');
      await router.navigate('/added');
      expect(router.state.errors).toBeNull();
      expect(router.state.matches.at(-1)?.route.id).toBe('added');
    } finally {
      router.dispose();
    }
  });
});
