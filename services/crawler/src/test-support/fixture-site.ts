import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** An answer of the fixture site: status, headers, body; or a function of the request count of its path. */
export interface FixturePage {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Answers this long after the request arrives (a slow shop). */
  readonly delayMs?: number;
}

export interface SiteRequest {
  readonly path: string;
  readonly at: number;
  readonly userAgent: string;
}

/**
 * A small shop website on 127.0.0.1 for crawler tests (a real HTTP server, as the demo shops
 * are): fixed pages by path, and its own log of what it was asked, when, and how many requests
 * were in flight at once — politeness is judged by what the site saw, not by the crawler.
 */
export class FixtureSite {
  readonly requests: SiteRequest[] = [];
  maxInFlight = 0;
  private inFlight = 0;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    readonly port: number,
  ) {}

  static async start(
    pages: (site: {
      origin: string;
    }) => Readonly<Record<string, FixturePage | ((count: number, headers: IncomingHttpHeaders) => FixturePage)>>,
  ): Promise<FixtureSite> {
    let site: FixtureSite | null = null;
    let table: Readonly<Record<string, FixturePage | ((count: number, headers: IncomingHttpHeaders) => FixturePage)>> =
      {};
    const server = createServer((request, response) =>
      site!.answer(request.url ?? '/', request.headers, table, response),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    site = new FixtureSite(server, (server.address() as AddressInfo).port);
    server.on('connection', (socket) => {
      site!.sockets.add(socket);
      socket.on('close', () => site!.sockets.delete(socket));
    });
    table = pages({ origin: site.origin });
    return site;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Paths requested, in order. */
  paths(): string[] {
    return this.requests.map((request) => request.path);
  }

  /** The shortest gap between two requests' arrivals (Infinity with fewer than two). */
  shortestGapMs(): number {
    let shortest = Number.POSITIVE_INFINITY;
    for (let i = 1; i < this.requests.length; i += 1)
      shortest = Math.min(shortest, this.requests[i]!.at - this.requests[i - 1]!.at);
    return shortest;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(
    path: string,
    headers: IncomingHttpHeaders,
    table: Readonly<Record<string, FixturePage | ((count: number, headers: IncomingHttpHeaders) => FixturePage)>>,
    response: ServerResponse,
  ): void {
    this.requests.push({ path, at: performance.now(), userAgent: String(headers['user-agent'] ?? '') });
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    response.on('close', () => (this.inFlight -= 1));
    const entry = table[path];
    const page =
      typeof entry === 'function'
        ? entry(this.requests.filter((request) => request.path === path).length, headers)
        : (entry ?? { status: 404, body: 'not found' });
    const send = (): void => {
      response.writeHead(page.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...page.headers });
      response.end(page.body ?? '');
    };
    if (page.delayMs) setTimeout(send, page.delayMs);
    else send();
  }
}

/** A product page with JSON-LD. */
export function jsonLdProductPage(product: {
  name: string;
  sku: string;
  price: string;
  currency: string;
  gtin?: string;
  availability?: string;
}): FixturePage {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    ...(product.gtin ? { gtin13: product.gtin } : {}),
    offers: {
      '@type': 'Offer',
      price: product.price,
      priceCurrency: product.currency,
      availability: `https://schema.org/${product.availability ?? 'InStock'}`,
    },
  };
  return {
    body: `<!doctype html><html lang="de"><head><title>${product.name}</title><script type="application/ld+json">${JSON.stringify(data)}</script></head><body><h1>${product.name}</h1></body></html>`,
  };
}

/** A category page linking to `hrefs`. */
export function listingPage(hrefs: readonly string[]): FixturePage {
  return {
    body: `<!doctype html><html><body><ul>${hrefs.map((href) => `<li><a href="${href}">${href}</a></li>`).join('')}</ul></body></html>`,
  };
}
