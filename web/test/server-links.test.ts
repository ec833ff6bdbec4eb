// The site's patch of @remix-run/react's Link (web/patches/@remix-run+react+*.patch, ADR 090): on
// the server a link renders the anchor React Router's Link would, without the prefetch and
// navigation hooks that a server render never uses; in a browser it stays React Router's Link
// (behind Remix's prefetch behaviour when it prefetches).
import { Link as RemixLink, NavLink as RemixNavLink } from '@remix-run/react';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Link as RouterLink, NavLink as RouterNavLink, Route, Routes } from 'react-router-dom';
import { StaticRouter } from 'react-router-dom/server';

// React Router's Link, counting its renders (Remix's Link reads it from the module at render time).
const mockRouterLinkRenders = { count: 0 };
jest.mock('react-router-dom', () => {
  const actual = jest.requireActual<typeof import('react-router-dom')>('react-router-dom');
  const { createElement: element, forwardRef: withRef } = jest.requireActual<typeof import('react')>('react');
  const Link = withRef<HTMLAnchorElement, Parameters<typeof actual.Link>[0]>((props, ref) => {
    mockRouterLinkRenders.count += 1;
    return element(actual.Link, { ...props, ref });
  });
  return { ...actual, Link };
});

type LinkProps = Record<string, unknown> & { to: string };

/** Renders `element` as the server renders a page at `location` below a `basename`. */
const render = (element: ReactElement, location = '/en-ch/search', basename = '/') =>
  renderToString(createElement(StaticRouter, { location, basename }, element));

/** The anchor React Router's Link renders, with the attribute Remix adds for route discovery. */
const routerAnchor = (props: LinkProps, discover: 'true' | undefined) =>
  createElement(RouterLink, { ...props, 'data-discover': discover } as never);

/** How often rendering `element` rendered React Router's Link. */
const routerLinkRendersOf = (element: ReactElement): number => {
  const before = mockRouterLinkRenders.count;
  render(element);
  return mockRouterLinkRenders.count - before;
};

describe('Link on the server (patched @remix-run/react)', () => {
  const cases: { name: string; props: LinkProps; discover: 'true' | undefined }[] = [
    { name: 'a path', props: { to: '/en-ch/products/tv-1', className: 'card' }, discover: 'true' },
    { name: 'a relative path', props: { to: '../categories?page=2#top' }, discover: 'true' },
    { name: 'a full URL', props: { to: 'https://shop.example/p/1', rel: 'nofollow' }, discover: undefined },
    {
      name: 'a document reload in a new tab',
      props: { to: '/en-ch/help', reloadDocument: true, target: '_blank' },
      discover: undefined,
    },
    {
      name: 'navigation options and a handler',
      props: {
        to: { pathname: '/en-ch/search', search: '?q=tv' } as never,
        replace: true,
        state: { from: 'x' },
        preventScrollReset: true,
        viewTransition: true,
        onClick: () => undefined,
        'aria-label': 'Search',
      },
      discover: 'true',
    },
  ];

  it.each(cases)('renders $name as React Router’s Link does', ({ props, discover }) => {
    expect(render(createElement(RemixLink, props as never))).toBe(render(routerAnchor(props, discover)));
  });

  it('resolves the href below a basename as React Router does', () => {
    const props = { to: '/products/tv-1' };
    expect(render(createElement(RemixLink, props), '/shop/search', '/shop')).toBe(
      render(routerAnchor(props, 'true'), '/shop/search', '/shop'),
    );
    expect(render(createElement(RemixLink, props), '/shop/search', '/shop')).toContain('href="/shop/products/tv-1"');
  });

  it('resolves a path-relative link against the page’s path, as React Router does', () => {
    const props = { to: '../compare', relative: 'path' };
    const page = '/en-ch/products/tv-1';
    const inRoute = (element: ReactElement) =>
      render(createElement(Routes, null, createElement(Route, { path: '/en-ch/products/:id', element })), page);
    expect(inRoute(createElement(RemixLink, props as never))).toBe(inRoute(routerAnchor(props, 'true')));
    expect(inRoute(createElement(RemixLink, props as never))).toContain('href="/en-ch/products/compare"');
    // Route-relative (the default), the same link leaves the route.
    expect(inRoute(createElement(RemixLink, { to: props.to }))).toContain('href="/compare"');
  });

  it('renders the anchor itself, not through React Router’s Link, whatever the link prefetches', () => {
    // A link prefetches only after its effects ran or an event came: never on the server.
    for (const prefetch of [undefined, 'none', 'intent', 'render', 'viewport'])
      expect(routerLinkRendersOf(createElement(RemixLink, { to: '/en-ch/help', prefetch } as never))).toBe(0);
    const props = { to: '/en-ch/products/tv-1', prefetch: 'intent' };
    expect(render(createElement(RemixLink, props as never))).toBe(render(routerAnchor({ to: props.to }, 'true')));
  });

  it('leaves nav links as Remix renders them', () => {
    const nav = { to: '/en-ch/search', className: 'tab' };
    expect(render(createElement(RemixNavLink, nav))).toBe(
      render(createElement(RouterNavLink, { ...nav, 'data-discover': 'true' } as never)),
    );
  });

  it('stays React Router’s Link where there is a document (a browser), prefetching or not', () => {
    const global = globalThis as { document?: unknown };
    global.document = {};
    try {
      expect(routerLinkRendersOf(createElement(RemixLink, { to: '/en-ch/help' }))).toBe(1);
      expect(routerLinkRendersOf(createElement(RemixLink, { to: '/en-ch/help', prefetch: 'intent' }))).toBe(1);
    } finally {
      delete global.document;
    }
  });
});
