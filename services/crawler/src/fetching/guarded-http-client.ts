import type { BaseHttpClient, HttpRequest, HttpResponse, ResponseTypes, StreamingHttpResponse } from '@crawlee/core';
import type { SafeFetcher, SafeResponse } from '@pc/safe-fetch/safe-fetcher';

/** Request headers a crawl may set; crawlee's own (generated browser fingerprints, cookies) are dropped. */
const PASSED_HEADERS = ['accept', 'accept-language', 'if-none-match', 'if-modified-since'];

export interface GuardedClientLimits {
  readonly maxBytes: number;
  readonly timeoutMs: number;
  readonly maxRedirects: number;
}

function headersOf(request: HttpRequest<keyof ResponseTypes>): Record<string, string> {
  const headers: Record<string, string> = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.5' };
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    const lower = name.toLowerCase();
    if (PASSED_HEADERS.includes(lower) && typeof value === 'string') headers[lower] = value;
  }
  return headers;
}

function responseData(response: SafeResponse) {
  return {
    url: response.url,
    statusCode: response.status,
    headers: response.headers,
    trailers: {},
    complete: true,
    redirectUrls: response.redirects
      .slice(1)
      .concat(response.redirects.length > 0 ? [response.url] : [])
      .map((url) => new URL(url)),
  };
}

/**
 * crawlee's HTTP client interface over the SSRF guard: every request crawlee sends (pages,
 * sitemaps) leaves through `SafeFetcher` — its URL, address, port, redirect and size checks —
 * with our user agent and no cookies. crawlee's retries, sessions and proxies are not used.
 */
export class GuardedHttpClient implements BaseHttpClient {
  constructor(
    private readonly fetcher: SafeFetcher,
    private readonly limits: GuardedClientLimits,
    /** Asked before each redirect: politeness between hops, or the redirect as the answer. */
    private readonly beforeRedirect?: (from: URL, to: URL) => Promise<boolean>,
  ) {}

  async sendRequest<TResponseType extends keyof ResponseTypes = 'text'>(
    request: HttpRequest<TResponseType>,
  ): Promise<HttpResponse<TResponseType>> {
    const response = await this.fetch(request);
    const buffer = await response.buffer();
    const body = (
      request.responseType === 'buffer'
        ? buffer
        : request.responseType === 'json'
          ? JSON.parse(buffer.toString('utf8'))
          : buffer.toString('utf8')
    ) as ResponseTypes[TResponseType];
    return { ...responseData(response), request, body };
  }

  async stream(request: HttpRequest): Promise<StreamingHttpResponse> {
    const response = await this.fetch(request);
    return {
      ...responseData(response),
      request,
      stream: response.body,
      get downloadProgress() {
        return { percent: response.body.readableEnded ? 1 : 0, transferred: 0 };
      },
      uploadProgress: { percent: 1, transferred: 0 },
    };
  }

  private fetch(request: HttpRequest<keyof ResponseTypes>): Promise<SafeResponse> {
    return this.fetcher.fetch(String(request.url), {
      method: 'GET',
      headers: headersOf(request),
      signal: request.signal,
      maxBytes: this.limits.maxBytes,
      timeoutMs: this.limits.timeoutMs,
      maxRedirects: this.limits.maxRedirects,
      beforeRedirect: this.beforeRedirect,
    });
  }
}
