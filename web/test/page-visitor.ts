import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import type { BrowserSession } from './browser-session';

/** A site route module as Remix calls it. */
export interface PageRoute {
  readonly loader: (args: LoaderFunctionArgs) => Promise<unknown>;
  readonly action?: (args: ActionFunctionArgs) => Promise<unknown>;
}

/** A loader's or action's answer, whether it returned data, returned a Response or threw one (a redirect). */
export interface PageAnswer {
  readonly status: number;
  readonly location: string | null;
  readonly headers: Headers;
  readonly setCookies: string[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly data: any;
}

function answerOf(outcome: unknown): PageAnswer {
  if (outcome instanceof Response) {
    const { status, headers } = outcome;
    return { status, location: headers.get('Location'), headers, setCookies: headers.getSetCookie(), data: null };
  }
  // `data()` of a page with forms: its payload and its status and headers.
  const { data, init } = outcome as { data: unknown; init?: ResponseInit | null };
  const headers = new Headers(init?.headers);
  return {
    status: init?.status ?? 200,
    location: headers.get('Location'),
    headers,
    setCookies: headers.getSetCookie(),
    data,
  };
}

/**
 * A browser on the site's pages in the tests: a page's loader and its forms' action called as
 * Remix calls them (the form's CSRF field from the page, plain form posts as without
 * JavaScript), the cookies they set kept in a BrowserSession, so the pages and the JSON API share
 * one cookie jar as in a browser (httpOnly cookies included).
 */
export class PageVisitor {
  constructor(
    readonly browser: BrowserSession,
    private readonly headers: Readonly<Record<string, string>> = {},
    private readonly origin = 'http://site.test',
  ) {}

  /** A request to a path with the browser's cookies. */
  request(path: string, init: RequestInit = {}): Request {
    const cookie = this.browser.cookieHeader();
    return new Request(`${this.origin}${path}`, {
      ...init,
      headers: { ...this.headers, ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string>) },
    });
  }

  async load(route: PageRoute, path: string, params: Record<string, string> = {}): Promise<PageAnswer> {
    return this.kept(() => route.loader({ request: this.request(path), params, context: {} }));
  }

  /** Opens the page, then sends one of its forms with the page's CSRF field. */
  async post(
    route: PageRoute,
    path: string,
    params: Record<string, string>,
    fields: Record<string, string>,
  ): Promise<PageAnswer> {
    const page = await this.load(route, path, params);
    if (!route.action) throw new Error(`${path} has no action`);
    const action = route.action;
    const body = new URLSearchParams({ _csrf: String(page.data?.csrf ?? ''), ...fields }).toString();
    const request = this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    return this.kept(() => action({ request, params, context: {} }));
  }

  private async kept(call: () => Promise<unknown>): Promise<PageAnswer> {
    let outcome: unknown;
    try {
      outcome = await call();
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      outcome = thrown;
    }
    const answer = answerOf(outcome);
    for (const line of answer.setCookies) this.browser.keep(line);
    return answer;
  }
}
