import type { HttpMethod, OpenApiContract } from './openapi-contract';

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
  /** The Set-Cookie lines of the answer. */
  readonly setCookies: string[];
}

export interface RequestOptions {
  readonly body?: unknown;
  /** Send X-XSRF-TOKEN from the XSRF-TOKEN cookie (default true), as the spec's client does. */
  readonly csrf?: boolean;
  readonly headers?: Record<string, string>;
}

/**
 * A browser for the API tests: keeps cookies as a browser would (httpOnly ones too, which the
 * page's scripts never see), sends the CSRF header from the XSRF-TOKEN cookie, and checks every
 * answer against the OpenAPI operation it names.
 */
export class BrowserSession {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly handle: (request: Request) => Promise<Response>,
    private readonly contract: OpenApiContract,
    /** The site's origin as the edge hands it to Remix (https: the request came over TLS). */
    private readonly origin = 'http://site.test',
  ) {}

  async call(method: HttpMethod, url: string, template: string, options: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const token = this.cookies.get('XSRF-TOKEN');
    if (options.csrf !== false && token) headers['x-xsrf-token'] = token;
    const response = await this.handle(
      new Request(`${this.origin}${url}`, {
        method: method.toUpperCase(),
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        redirect: 'manual',
      }),
    );
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) this.keep(line);
    const text = await response.text();
    const body = text === '' ? null : JSON.parse(text);
    this.contract.checkOperation(method, template, response.status, body);
    return { status: response.status, headers: response.headers, body, setCookies };
  }

  /** What the page's scripts could read: cookies without HttpOnly. */
  readonly scriptVisible = new Set<string>();

  /** The Cookie header this browser sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  }

  /** A Set-Cookie line as the browser keeps it (Max-Age=0 deletes), from the API or a page. */
  keep(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const value = decodeURIComponent(pair.slice(at + 1));
    if (attributes.some((a) => /^max-age=0$/i.test(a))) {
      this.cookies.delete(name);
      this.scriptVisible.delete(name);
      return;
    }
    this.cookies.set(name, value);
    if (attributes.some((a) => /^httponly$/i.test(a))) this.scriptVisible.delete(name);
    else this.scriptVisible.add(name);
  }
}
