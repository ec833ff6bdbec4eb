import { join } from 'node:path';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
// The route table of Remix's Vite plugin: app/routes/* by the flat-routes convention.
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes';
import { handleError } from '~/entry.server';
import { siteFutureFlags } from '~/routing/future-flags';

const APP_DIRECTORY = join(__dirname, '..', 'app');
/** The API's resource routes (/api/*, /auth/*); the site's pages need Vite (CSS, JSX) and are not part of this build. */
const isApiRoute = (id: string) => id.startsWith('routes/api.') || id.startsWith('routes/auth.');

/**
 * Remix's own request handler over the API routes of web/app/routes, found by the same
 * flat-routes rules the site's build applies: a request goes through Remix's routing and
 * resource-route handling exactly as in `npm start`. Route modules load when this is called,
 * so the BFF config (service addresses) must be in process.env by then.
 */
export function createApiRequestHandler(): (request: Request) => Promise<Response> {
  const manifest = flatRoutes(APP_DIRECTORY);
  const routes: ServerBuild['routes'] = {
    // Stands in for root.tsx (its CSS import needs Vite). The document shell has no loader and a
    // resource request never renders it.
    root: { id: 'root', path: '', module: { default: () => null } },
  };
  for (const route of Object.values(manifest)) {
    if (!isApiRoute(route.id)) continue;
    routes[route.id] = {
      id: route.id,
      parentId: route.parentId ?? 'root',
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      module: require(join(APP_DIRECTORY, route.file)),
    };
  }
  const build: ServerBuild = {
    mode: 'production',
    entry: {
      module: {
        default: () => {
          throw new Error('the API test build renders no documents');
        },
        // The site's own: what it logs, and what it does not.
        handleError,
      },
    },
    routes,
    assets: { entry: { imports: [], module: '' }, routes: {}, url: '', version: 'test' },
    publicPath: '/',
    assetsBuildDirectory: '',
    future: siteFutureFlags,
    isSpaMode: false,
  };
  const handler = createRequestHandler(build);
  return (request) => handler(request);
}

/** The API routes (id → URL path) as Remix matches them, for checking them against the OpenAPI. */
export function apiRoutePaths(): Map<string, string> {
  const manifest = flatRoutes(APP_DIRECTORY);
  const paths = new Map<string, string>();
  for (const route of Object.values(manifest)) {
    if (isApiRoute(route.id)) paths.set(route.id, `/${route.path ?? ''}`.replace(/\/$/, ''));
  }
  return paths;
}
