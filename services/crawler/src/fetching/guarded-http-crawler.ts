import { HttpCrawler, type HttpCrawlerOptions, type HttpCrawlingContext, type PlainResponse } from '@crawlee/http';
import type { Configuration, Request } from '@crawlee/core';
import type { GuardedHttpClient } from './guarded-http-client.js';

/**
 * crawlee's HttpCrawler whose navigation goes straight through the guarded client. Its own
 * request function would load got-scraping (an ES module, by dynamic import) only to recognise
 * got's timeout errors; the guard's errors are its own, so the navigation needs neither.
 */
export class GuardedHttpCrawler extends HttpCrawler<HttpCrawlingContext> {
  constructor(
    private readonly guarded: GuardedHttpClient,
    options: HttpCrawlerOptions<HttpCrawlingContext>,
    config: Configuration,
  ) {
    super({ ...options, httpClient: guarded }, config);
  }

  protected override async _requestFunction({ request }: { request: Request }): Promise<PlainResponse> {
    const response = await this.guarded.stream({ url: request.url, method: 'GET', headers: request.headers });
    // What crawlee reads off the response: the stream carries the answer's status, headers and URL.
    return Object.assign(response.stream, {
      statusCode: response.statusCode,
      headers: response.headers,
      url: response.url,
      trailers: {},
      complete: true,
      redirectUrls: response.redirectUrls,
    }) as unknown as PlainResponse;
  }
}
