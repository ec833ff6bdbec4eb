// The site's patch of @remix-run/router (web/patches/@remix-run+router+*.patch): route matching
// reuses the flattened, ranked branches of a routes array and the compiled path patterns, and
// a tree changed in place through patchRoutes is matched afresh.
import { createMemoryHistory, createRouter, matchRoutes, type AgnosticRouteObject } from '@remix-run/router';

/** A route whose `path` counts how often it is read (flattening reads it, matching does not). */
function countedRoute(
  id: string,
  path: string,
  reads: { count: number },
  children?: AgnosticRouteObject[],
): AgnosticRouteObject {
  const route = { id, children } as AgnosticRouteObject;
  Object.defineProperty(route, 'path', {
    enumerable: true,
    get: () => {
      reads.count += 1;
      return path;
    },
  });
  return route;
}

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
