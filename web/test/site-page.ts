import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Outlet, useLoaderData } from 'react-router-dom';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';

/** A site route module as a test loads it. */
export interface SitePageModule {
  readonly loader: unknown;
  readonly action?: unknown;
  readonly default: unknown;
}

/**
 * A site page as the server renders it: its loader (and action, for a POST) and view under the
 * site's provider of locale and messages, the locale from the request's first path segment (the
 * account area's, en-ch, when it names none). `pattern` is the route's path, e.g.
 * `:locale/shops/:shop`. React's text separators are left out, so tests can read sentences whole.
 */
export async function renderSitePage(module: SitePageModule, pattern: string, request: Request): Promise<string> {
  const { SiteProvider } = await import('~/site/site-provider');
  const { contextFor } = await import('~/site/site-context.server');
  const { parseLocale } = await import('~/i18n/locales');
  const locale = parseLocale(new URL(request.url).pathname.split('/')[1]) ?? parseLocale('en-ch');
  if (!locale) throw new Error('no locale');
  const rootData = { ...contextFor(locale, locale.language as never), messagesHref: '', user: null, year: 2030 };
  const Root = () =>
    createElement(SiteProvider, { data: useLoaderData() as typeof rootData, children: createElement(Outlet) });
  const handler = createStaticHandler([
    {
      id: 'root',
      path: '/',
      loader: () => rootData,
      Component: Root,
      children: [
        {
          id: 'page',
          path: pattern,
          loader: module.loader as never,
          ...(module.action ? { action: module.action as never } : {}),
          Component: module.default as ComponentType,
        },
      ],
    },
  ]);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`the page answered ${context.status}`);
  return renderToString(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context }),
  ).replaceAll('<!-- -->', '');
}
