import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Outlet } from 'react-router-dom';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { AccountsStaffServiceService } from '@pc/proto/accounts/v1/staff';
import { AccountType, type AdminPanel } from '@pc/proto/accounts/v1/types';
import { createServiceClient } from '@pc/kit/grpc/client';
import type { StaffPanel } from '../admin/app/panels/panels';

/**
 * Running the admin app's routes in process as a browser meets them: a panel's sign-in through
 * its own sign-in page, and what a loader or action answered (or threw). The route modules are
 * imported on first use: the admin app's config reads the service addresses the platform put in
 * process.env, so a test calls these only after starting its platform.
 */

/** A panel's cookie and the CSRF token its forms carry ('' when the panel refused the sign-in). */
export interface StaffSession {
  readonly cookie: string;
  readonly csrf: string;
}

/** What a loader or action answered (or threw): a redirect, or data with its status. */
export interface RouteAnswer<D> {
  readonly status: number;
  readonly location: string | null;
  readonly data: D;
}

/** The cookie a Set-Cookie header sets, as a browser sends it back. */
export const cookieOf = (setCookie: string | null | undefined): string => (setCookie ?? '').split(';')[0] ?? '';

/**
 * Runs a loader or action, reading what it returned or threw as the browser would get it; the
 * data is the page's, read by each test (`any` unless the caller names its shape).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function answerOf<D = any>(run: () => unknown): Promise<RouteAnswer<D>> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response)
    return { status: value.status, location: value.headers.get('Location'), data: {} as D };
  const answer = value as { data?: D; init?: { status?: number } | null };
  if (!answer || typeof answer !== 'object' || !('data' in answer)) throw value;
  return { status: answer.init?.status ?? 200, location: null, data: answer.data ?? ({} as D) };
}

/** A route's action run as the panel's form posts it: the session's cookie and CSRF token, the fields. */
export function postToRoute(
  route: { readonly action: unknown },
  url: string,
  session: StaffSession,
  fields: Readonly<Record<string, string>>,
  params: Readonly<Record<string, string>> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's data, read by each test
): Promise<RouteAnswer<any>> {
  const body = new FormData();
  body.set('_csrf', session.csrf);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const action = route.action as (args: { request: Request; params: unknown; context: unknown }) => unknown;
  return answerOf(() =>
    action({
      request: new Request(url, { method: 'POST', headers: { cookie: session.cookie }, body }),
      params,
      context: {},
    }),
  );
}

/**
 * Signs in to `panel` through its sign-in page, as a browser does. Refused (403 without the
 * panel's role), the browser keeps the signed-out cookie and has no CSRF token.
 */
export async function signInToPanel(panel: StaffPanel, email: string, password: string): Promise<StaffSession> {
  const login = await import('../admin/app/routes/$panel.login');
  const { readPanelSession } = await import('../admin/app/auth/panel-cookie.server');
  const url = `http://admin.test/admin/${panel}/login`;
  const params = { panel };
  const loginPage = (await login.loader({ request: new Request(url), params, context: {} })) as unknown as {
    data: { csrf: string };
    init: { headers: Record<string, string> };
  };
  const preCookie = cookieOf(loginPage.init.headers['Set-Cookie']);
  const answer = await login.action({
    request: new Request(url, {
      method: 'POST',
      headers: { cookie: preCookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: loginPage.data.csrf, email, password }).toString(),
    }),
    params,
    context: {},
  });
  if (!(answer instanceof Response) || answer.status !== 302) return { cookie: preCookie, csrf: '' };
  const cookie = cookieOf(answer.headers.get('Set-Cookie'));
  const session = await readPanelSession(new Request(url, { headers: { cookie } }), panel);
  return { cookie, csrf: session?.csrf ?? '' };
}

/** A visitor with a personal account of their own, as the site registers them (password `secret-pass`); their id. */
export async function newVisitor(
  platform: { readonly addresses: { readonly accounts: string } },
  email: string,
  name = email.split('@')[0] ?? email,
): Promise<string> {
  const accounts = createServiceClient(AccountsServiceService, platform.addresses.accounts);
  const { user } = await accounts.register({
    name,
    email,
    password: 'secret-pass',
    passwordConfirmation: 'secret-pass',
    phone: '',
    accountType: AccountType.ACCOUNT_TYPE_PERSONAL,
    company: '',
    termsAccepted: true,
    language: 'en',
    rememberMe: false,
    client: undefined,
  });
  return user?.id ?? '';
}

/**
 * Registers a user (password `secret-pass`) and has the platform's bootstrap admin grant it one
 * panel's staff role, as staff are made; its id.
 */
export async function newStaffUser(
  platform: { readonly addresses: { readonly accounts: string }; readonly staffUserId: string },
  email: string,
  panel: AdminPanel,
): Promise<string> {
  const userId = await newVisitor(platform, email);
  const roles = createServiceClient(AccountsStaffServiceService, platform.addresses.accounts);
  await roles.grantStaffRole({ actorUserId: platform.staffUserId, userId, panel });
  return userId;
}

/** A route module as a test loads it. */
export interface RouteModule {
  readonly loader: unknown;
  readonly action?: unknown;
  readonly default: ComponentType;
}

/**
 * A route's page as the admin app renders it: its loader (and action, for a POST) and view under a
 * root that gives the language; `path` is the route's pattern, e.g. `admin/admin/shops/:shop`.
 * With `frame`, the page renders inside a panel's layout route (its navigation, its CSRF token),
 * `path` then relative to the frame's, e.g. `jobs` under `admin/crawler`.
 */
export async function renderPage(
  page: RouteModule,
  path: string,
  request: Request,
  frame?: { readonly id: string; readonly path: string; readonly module: RouteModule },
): Promise<string> {
  const pageRoute = {
    id: 'page',
    path,
    loader: page.loader as never,
    ...(page.action ? { action: page.action as never } : {}),
    Component: page.default,
  };
  const handler = createStaticHandler([
    {
      id: 'root',
      path: '/',
      loader: () => ({ language: 'en' }),
      Component: Outlet,
      children: [
        frame
          ? {
              id: frame.id,
              path: frame.path,
              loader: frame.module.loader as never,
              Component: frame.module.default,
              children: [pageRoute],
            }
          : pageRoute,
      ],
    },
  ]);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`the page answered ${context.status}`);
  return renderToString(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context }),
  );
}
