// The site's micro-cache (web/micro-cache.cjs, ADR 013) with a stand-in for Express: what a
// second visitor gets, and what must never be shared.
import { EventEmitter } from 'node:events';
import zlib, { brotliDecompressSync, gunzipSync } from 'node:zlib';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { microCache, REFRESH_HEADER, REFRESH_TOKEN } = require('../micro-cache.cjs') as {
  REFRESH_HEADER: string;
  REFRESH_TOKEN: string;
  microCache: (options: object) => {
    middleware: Middleware;
    stats: Record<string, number>;
    receive(change: unknown): void;
    taggedKeys(tag: string): string[];
    announceChange(tags: string[]): void;
  };
};

type Middleware = (request: FakeRequest, response: FakeResponse, next: () => void) => void;

interface FakeRequest {
  method: string;
  originalUrl: string;
  headers: Record<string, string>;
  socket: { remoteAddress: string };
}

class FakeResponse extends EventEmitter {
  statusCode = 200;
  private readonly fields = new Map<string, string>();
  body = '';
  /** What was sent, byte for byte (a compressed body is not text). */
  bytes: Buffer[] = [];
  ended = false;
  status(code: number) {
    this.statusCode = code;
    return this;
  }
  setHeader(name: string, value: string) {
    this.fields.set(name.toLowerCase(), value);
  }
  getHeader(name: string) {
    return this.fields.get(name.toLowerCase());
  }
  removeHeader(name: string) {
    this.fields.delete(name.toLowerCase());
  }
  getHeaders() {
    return Object.fromEntries(this.fields);
  }
  write(chunk: string) {
    this.body += chunk;
    this.bytes.push(Buffer.from(chunk));
    return true;
  }
  end(chunk?: string | Buffer) {
    if (chunk) this.body += chunk;
    if (chunk) this.bytes.push(Buffer.from(chunk));
    this.ended = true;
    this.emit('finish');
  }
}

/** A page renderer: counts renders, answers with the Cache-Control a route would set (and the parameters it reads, if given). */
function site(cacheControl = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30', reads?: string) {
  let renders = 0;
  const render = (request: FakeRequest, response: FakeResponse) => {
    renders += 1;
    response.setHeader('Cache-Control', cacheControl);
    if (reads !== undefined) response.setHeader('X-Cache-Query', reads);
    response.write(`<p>${request.originalUrl} render ${renders} lang ${request.headers.cookie ?? ''}</p>`);
    response.end();
  };
  return { render, renders: () => renders };
}

function get(
  middleware: Middleware,
  render: (q: FakeRequest, r: FakeResponse) => void,
  url: string,
  headers: Record<string, string> = {},
): FakeResponse {
  const request: FakeRequest = { method: 'GET', originalUrl: url, headers, socket: { remoteAddress: '203.0.113.9' } };
  const response = new FakeResponse();
  middleware(request, response, () => render(request, response));
  return response;
}

/** The cache's own render of a page (a refresh from loopback, as on an event), through `middleware`. */
function refreshThrough(
  middleware: Middleware,
  render: (q: FakeRequest, r: FakeResponse) => void,
  url: string,
  token = REFRESH_TOKEN,
): FakeResponse {
  const request: FakeRequest = {
    method: 'GET',
    originalUrl: url,
    headers: { [REFRESH_HEADER]: token },
    socket: { remoteAddress: '127.0.0.1' },
  };
  const response = new FakeResponse();
  middleware(request, response, () => render(request, response));
  return response;
}

/** A page renderer answering with the status the test sets. */
function siteWithStatus() {
  let status = 200;
  const page = site();
  return {
    answer: (code: number) => (status = code),
    render: (q: FakeRequest, r: FakeResponse) => {
      r.status(status);
      page.render(q, r);
    },
  };
}

describe('micro-cache', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => (clock = 1_000_000));

  it('serves the next visitor from memory while the page is fresh', () => {
    const page = site();
    const { middleware } = microCache({ origin: 'http://x', now });
    const first = get(middleware, page.render, '/en-ch/products/a');
    const second = get(middleware, page.render, '/en-ch/products/a');
    expect(first.getHeader('x-cache')).toBe('miss');
    expect(second.getHeader('x-cache')).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(page.renders()).toBe(1);
  });

  it('sends a stored page in the encoding the browser takes, compressed once, not on every hit', () => {
    const html = `<main>${'<p>Offer: CHF 65.90 + CHF 9.90 shipping</p>'.repeat(200)}</main>`;
    let renders = 0;
    const render = (_request: FakeRequest, response: FakeResponse) => {
      renders += 1;
      response.setHeader('Cache-Control', 'public, max-age=0, s-maxage=30');
      response.end(html);
    };
    const { middleware } = microCache({ origin: 'http://x', now });
    get(middleware, render, '/en-ch/products/a');
    const sent = (acceptEncoding?: string) => {
      const response = get(
        middleware,
        render,
        '/en-ch/products/a',
        acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      );
      return { encoding: response.getHeader('content-encoding'), bytes: Buffer.concat(response.bytes) };
    };
    const brotli = sent('gzip, deflate, br, zstd');
    expect(brotli.encoding).toBe('br');
    expect(brotliDecompressSync(brotli.bytes).toString()).toBe(html);
    expect(brotli.bytes.length).toBeLessThan(html.length / 10);
    const gzip = sent('gzip;q=1, br;q=0');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(html);
    const plain = sent();
    expect(plain.encoding).toBeUndefined();
    expect(plain.bytes.toString()).toBe(html);
    // The next visitors taking brotli get the bytes made for the first: no compression per hit.
    const compressions = jest.spyOn(zlib, 'brotliCompressSync');
    expect(sent('br').bytes).toEqual(brotli.bytes);
    expect(sent('br;q=0.5, gzip;q=0.2').bytes).toEqual(brotli.bytes);
    expect(compressions).not.toHaveBeenCalled();
    compressions.mockRestore();
    expect(renders).toBe(1);
  });

  it('keeps each interface language apart and never shares a request with a session cookie', () => {
    const page = site();
    const { middleware } = microCache({ origin: 'http://x', now });
    get(middleware, page.render, '/en-ch', { cookie: 'lang=de' });
    expect(get(middleware, page.render, '/en-ch', { cookie: 'lang=fr' }).body).toContain('lang=fr');
    const withSession = get(middleware, page.render, '/en-ch', { cookie: 'lang=de; session=secret' });
    expect(withSession.getHeader('x-cache')).toBeUndefined();
    expect(page.renders()).toBe(3);
  });

  it('serves a signed-in visitor the stored page, and never stores what is rendered for them (ADR 083)', () => {
    const page = site();
    const { middleware } = microCache({ origin: 'http://x', now });
    const signedIn = { cookie: 'lang=de; pc_session=token; pc_signed_in=1; XSRF-TOKEN=proof' };
    // Nothing stored yet: rendered for them, and not kept.
    expect(get(middleware, page.render, '/en-ch/products/a', signedIn).getHeader('x-cache')).toBeUndefined();
    expect(get(middleware, page.render, '/en-ch/products/a', { cookie: 'lang=de' }).getHeader('x-cache')).toBe('miss');
    // A visitor's render is stored: the signed-in visitor gets it from memory too.
    const served = get(middleware, page.render, '/en-ch/products/a', signedIn);
    expect(served.getHeader('x-cache')).toBe('hit');
    expect(served.body).toBe('<p>/en-ch/products/a render 2 lang lang=de</p>');
    expect(page.renders()).toBe(2);
  });

  it('renders a signed-in visitor’s pages for them for a while after they changed something', () => {
    const page = site();
    const { middleware } = microCache({ origin: 'http://x', now, writerMs: 60_000 });
    const session = { cookie: 'pc_session=token; pc_signed_in=1; XSRF-TOKEN=proof' };
    get(middleware, page.render, '/en-ch/shops/s1');
    const post = (path: string) =>
      middleware(
        { method: 'POST', originalUrl: path, headers: session, socket: { remoteAddress: '203.0.113.9' } },
        new FakeResponse(),
        () => undefined,
      );
    // Their own lists, alerts and recently viewed products change no one else's page.
    for (const path of [
      '/api/recently-viewed',
      '/api/favourites/default/items',
      '/account/alerts.data?x=1',
      '/account',
    ])
      post(path);
    expect(get(middleware, page.render, '/en-ch/shops/s1', session).getHeader('x-cache')).toBe('hit');
    post('/account/business/shops/s1');
    // Their own next pages are rendered (they see the shop they deleted gone); others get the stored copy.
    expect(get(middleware, page.render, '/en-ch/shops/s1', session).getHeader('x-cache')).toBeUndefined();
    expect(get(middleware, page.render, '/en-ch/shops/s1').getHeader('x-cache')).toBe('hit');
    const other = { cookie: 'pc_session=another; pc_signed_in=1' };
    expect(get(middleware, page.render, '/en-ch/shops/s1', other).getHeader('x-cache')).toBe('hit');
    clock += 61_000;
    get(middleware, page.render, '/en-ch/shops/s1'); // stored again
    expect(get(middleware, page.render, '/en-ch/shops/s1', session).getHeader('x-cache')).toBe('hit');
  });

  it('drops the stored copy of a page that is now gone or has moved', () => {
    const { answer, render } = siteWithStatus();
    const { middleware } = microCache({ origin: 'http://x', now });
    get(middleware, render, '/en-ch/shops/s1');
    expect(get(middleware, render, '/en-ch/shops/s1').getHeader('x-cache')).toBe('hit');
    // The shop is deleted: the cache's own render of the page (as on its event) answers 404 …
    answer(404);
    refreshThrough(middleware, render, '/en-ch/shops/s1');
    // … and the copy goes at once, not when it would have expired.
    const next = get(middleware, render, '/en-ch/shops/s1');
    expect([next.getHeader('x-cache'), next.statusCode]).toEqual(['miss', 404]);
  });

  it('takes a refresh only with its process’s token: a loopback client sending the header alone is a visitor', () => {
    const page = site();
    const { middleware } = microCache({ origin: 'http://x', now });
    get(middleware, page.render, '/en-ch/shops/s1');
    const forged = refreshThrough(middleware, page.render, '/en-ch/shops/s1', '1');
    expect([forged.getHeader('x-cache'), page.renders()]).toEqual(['hit', 1]);
    refreshThrough(middleware, page.render, '/en-ch/shops/s1');
    expect(page.renders()).toBe(2);
  });

  it('does not keep pages without s-maxage, errors, or answers that set a cookie', () => {
    for (const [status, cacheControl] of [
      [200, 'public, max-age=60'],
      [404, 'public, s-maxage=30'],
    ] as const) {
      const page = site(cacheControl);
      const { middleware } = microCache({ origin: 'http://x', now });
      const render = (q: FakeRequest, r: FakeResponse) => {
        r.status(status);
        page.render(q, r);
      };
      get(middleware, render, '/p');
      get(middleware, render, '/p');
      expect(page.renders()).toBe(2);
    }
  });

  it('serves a stale page while one background request renders a fresh one', async () => {
    const page = site();
    const refreshes: string[] = [];
    const fetchImpl = (url: string) => {
      refreshes.push(url);
      return new Promise(() => undefined);
    };
    const { middleware } = microCache({ origin: 'http://127.0.0.1:3000', now, fetchImpl, waitMs: 20 });
    get(middleware, page.render, '/en-ch/search?search=tv');
    clock += 45_000; // past s-maxage (30 s), within stale-while-revalidate (30 s more)
    expect(get(middleware, page.render, '/en-ch/search?search=tv').getHeader('x-cache')).toBe('stale');
    expect(get(middleware, page.render, '/en-ch/search?search=tv').getHeader('x-cache')).toBe('stale');
    expect(refreshes).toEqual(['http://127.0.0.1:3000/en-ch/search?search=tv']);
    clock += 30_000; // past both, and the refresh hangs: after a short wait, rendered in the request
    const late = get(middleware, page.render, '/en-ch/search?search=tv');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(late.getHeader('x-cache')).toBe('miss');
    expect(late.body).toContain('render 2');
  });
});

describe('micro-cache keys (issue 43: `?cb=N` grew the cache toward ~150 MB per pod)', () => {
  const shared = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30';

  it('finding: ?cb=N grew the cache; now a parameter the page does not read neither grows it nor misses it', () => {
    const page = site(shared, 'page,sort');
    const cache = microCache({ origin: 'http://x', now: () => 0 });
    const first = get(cache.middleware, page.render, '/en-ch/brands/acme?cb=0');
    for (let n = 1; n <= 50; n += 1)
      expect(get(cache.middleware, page.render, `/en-ch/brands/acme?cb=${n}`).getHeader('x-cache')).toBe('hit');
    expect(page.renders()).toBe(1);
    expect((cache as unknown as { size: () => number }).size()).toBe(1);
    // The declaration is the cache's own: it does not leave with the page.
    expect(first.getHeader('x-cache-query')).toBeUndefined();
  });

  it('keeps pages apart by the parameters they read, in any order, and by Remix’s data-request parameters', () => {
    const page = site(shared, 'page,sort,refinements[*]');
    const { middleware } = microCache({ origin: 'http://x', now: () => 0 });
    get(middleware, page.render, '/en-ch/search?page=2&sort=price');
    expect(get(middleware, page.render, '/en-ch/search?sort=price&page=2&utm_source=x').getHeader('x-cache')).toBe(
      'hit',
    );
    expect(get(middleware, page.render, '/en-ch/search?page=3&sort=price').getHeader('x-cache')).toBe('miss');
    expect(
      get(middleware, page.render, '/en-ch/search?page=2&sort=price&refinements[brand]=acme').getHeader('x-cache'),
    ).toBe('miss');
    expect(get(middleware, page.render, '/en-ch/search?page=2&sort=price&lang=de').getHeader('x-cache')).toBe('miss');
    expect(get(middleware, page.render, '/en-ch/search.data?page=2&sort=price&_routes=root').getHeader('x-cache')).toBe(
      'miss',
    );
    expect(
      get(middleware, page.render, '/en-ch/search.data?page=2&sort=price&_routes=routes%2Fsearch').getHeader('x-cache'),
    ).toBe('miss');
    expect(page.renders()).toBe(6);
  });
});

describe('micro-cache under concurrent misses', () => {
  it('lets requests for a page being rendered wait for that one render', async () => {
    let finish: () => void = () => undefined;
    let renders = 0;
    const slowRender = (request: FakeRequest, response: FakeResponse) => {
      renders += 1;
      response.setHeader('Cache-Control', 'public, s-maxage=30');
      finish = () => response.end(`<p>${request.originalUrl}</p>`);
    };
    const { middleware } = microCache({ origin: 'http://x' });
    const first = get(middleware, slowRender, '/en-ch/products/b');
    const waiting = get(middleware, slowRender, '/en-ch/products/b');
    expect(waiting.ended).toBe(false);
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(renders).toBe(1);
    expect(waiting.body).toBe(first.body);
    expect(waiting.getHeader('x-cache')).toBe('hit');
  });
});

describe('micro-cache pages named by tags (ADR 082)', () => {
  const shared = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30';
  interface TaggedCache {
    middleware: Middleware;
    taggedKeys: (tag: string) => string[];
    refreshKey: (key: string, since?: number) => Promise<boolean>;
    forget: (key: string) => void;
  }

  /** A product page that names its product, its price read from `prices` at each render. */
  function productSite(prices: Record<string, string>) {
    let renders = 0;
    const render = (request: FakeRequest, response: FakeResponse) => {
      renders += 1;
      const product = /p(\d+)(?:\?|$)/.exec(request.originalUrl)?.[1] ?? '';
      response.setHeader('Cache-Control', shared);
      response.setHeader('X-Cache-Tags', `product:${product}`);
      response.end(`<p>product ${product} costs ${prices[product]} (${request.headers.cookie ?? 'en'})</p>`);
    };
    return { render, renders: () => renders };
  }

  /** A cache whose background renders reach `render` as the site's own refresh requests do. */
  function cacheFor(render: (q: FakeRequest, r: FakeResponse) => void, now: () => number) {
    const self: { cache?: TaggedCache } = {};
    const fetchImpl = async (url: string, init: { headers: Record<string, string> }) => {
      const request: FakeRequest = {
        method: 'GET',
        originalUrl: url.replace('http://127.0.0.1:3000', ''),
        headers: init.headers,
        socket: { remoteAddress: '127.0.0.1' },
      };
      const response = new FakeResponse();
      self.cache?.middleware(request, response, () => render(request, response));
      return { arrayBuffer: async () => Buffer.from(response.body) };
    };
    self.cache = microCache({ origin: 'http://127.0.0.1:3000', now, fetchImpl }) as unknown as TaggedCache;
    return self.cache;
  }

  it('renders a stored page again on request, and visitors get the new page from memory', async () => {
    const prices: Record<string, string> = { '1': 'CHF 279.00', '2': 'CHF 99.00' };
    const page = productSite(prices);
    let clock = 1_000_000;
    const cache = cacheFor(page.render, () => clock);
    get(cache.middleware, page.render, '/en-ch/products/sony-p1');
    get(cache.middleware, page.render, '/en-ch/products/sony-p1', { cookie: 'lang=de' });
    get(cache.middleware, page.render, '/en-ch/products/bose-p2');
    expect(cache.taggedKeys('product:1')).toEqual(['/en-ch/products/sony-p1|', '/en-ch/products/sony-p1|de']);

    clock += 5_000;
    prices['1'] = 'CHF 250.00';
    for (const key of cache.taggedKeys('product:1')) expect(await cache.refreshKey(key, clock)).toBe(true);
    expect(page.renders()).toBe(5);
    const english = get(cache.middleware, page.render, '/en-ch/products/sony-p1');
    const german = get(cache.middleware, page.render, '/en-ch/products/sony-p1', { cookie: 'lang=de' });
    expect([english.getHeader('x-cache'), german.getHeader('x-cache')]).toEqual(['hit', 'hit']);
    expect(english.body).toBe('<p>product 1 costs CHF 250.00 (en)</p>');
    expect(german.body).toBe('<p>product 1 costs CHF 250.00 (lang=de)</p>');
    // The tags are the cache's own business: they do not leave with the page.
    expect(english.getHeader('x-cache-tags')).toBeUndefined();
    expect(get(cache.middleware, page.render, '/en-ch/products/bose-p2').body).toContain('CHF 99.00');
    expect(page.renders()).toBe(5);
  });

  it('does not render again a page rendered after the change, nor one that has left the cache', async () => {
    const page = productSite({ '1': 'CHF 279.00' });
    const clock = 1_000_000;
    const cache = cacheFor(page.render, () => clock);
    get(cache.middleware, page.render, '/en-ch/products/sony-p1');
    const key = cache.taggedKeys('product:1')[0] ?? 'none';
    expect(await cache.refreshKey(key, clock - 1)).toBe(false);
    cache.forget(key);
    expect(cache.taggedKeys('product:1')).toEqual([]);
    expect(await cache.refreshKey(key, clock + 1)).toBe(false);
    expect(page.renders()).toBe(1);
  });

  it('does not render again a page no visitor gets any more (past its stale time): it goes', async () => {
    const page = productSite({ '1': 'CHF 279.00' });
    let clock = 1_000_000;
    const cache = cacheFor(page.render, () => clock);
    get(cache.middleware, page.render, '/en-ch/products/sony-p1');
    const key = cache.taggedKeys('product:1')[0] ?? 'none';
    clock += 61_000; // s-maxage 30 s + stale-while-revalidate 30 s
    expect(await cache.refreshKey(key, clock)).toBe(false);
    expect(cache.taggedKeys('product:1')).toEqual([]);
    expect(page.renders()).toBe(1);
  });
});

describe('micro-cache of several site processes (ADR 092)', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => (clock = 1_000_000));

  /**
   * Two site processes' caches, each change of one handed to the other as the primary relays it:
   * through the structured clone of the cluster channel's 'advanced' serialization (a Buffer
   * arrives as a plain Uint8Array).
   */
  function twoProcesses(options: object = {}) {
    const caches: ReturnType<typeof microCache>[] = [];
    const relayed: string[] = [];
    const peersOf = (at: number) => ({
      publish(change: { kind: string }) {
        relayed.push(change.kind);
        caches[1 - at]?.receive(structuredClone(change));
      },
    });
    caches.push(microCache({ origin: 'http://x', now, peers: peersOf(0), ...options }));
    caches.push(microCache({ origin: 'http://x', now, peers: peersOf(1), ...options }));
    return { a: caches[0]!, b: caches[1]!, relayed };
  }

  it('serves a page one process rendered from the other’s memory, with the parameters it reads', () => {
    const page = site('public, max-age=0, s-maxage=30', 'page');
    const { a, b } = twoProcesses();
    const first = get(a.middleware, page.render, '/en-ch/search?page=2&cb=1');
    const other = get(b.middleware, page.render, '/en-ch/search?cb=2&page=2');
    expect([first.getHeader('x-cache'), other.getHeader('x-cache')]).toEqual(['miss', 'hit']);
    expect(Buffer.concat(other.bytes).toString()).toBe(first.body);
    expect(page.renders()).toBe(1);
    expect([a.stats.stored, b.stats.stored, b.stats.received]).toEqual([1, 0, 1]);
    clock += 31_000;
    expect(get(b.middleware, page.render, '/en-ch/search?page=2').getHeader('x-cache')).not.toBe('hit');
  });

  it('takes a page that is gone out of every process', () => {
    const { answer, render } = siteWithStatus();
    const { a, b } = twoProcesses();
    get(a.middleware, render, '/en-ch/shops/s1');
    expect(get(b.middleware, render, '/en-ch/shops/s1').getHeader('x-cache')).toBe('hit');
    answer(404);
    refreshThrough(a.middleware, render, '/en-ch/shops/s1');
    expect(get(b.middleware, render, '/en-ch/shops/s1').statusCode).toBe(404);
    answer(200);
    get(a.middleware, render, '/en-ch/shops/s1');
    expect(get(b.middleware, render, '/en-ch/shops/s1').getHeader('x-cache')).toBe('hit');
  });

  it('drops from the others a changed page the process rendering changes again does not hold', () => {
    const render = (request: FakeRequest, response: FakeResponse) => {
      response.setHeader('Cache-Control', 'public, max-age=0, s-maxage=30, stale-while-revalidate=30');
      response.setHeader('X-Cache-Tags', `product:${/p(\d+)/.exec(request.originalUrl)?.[1] ?? ''}`);
      response.end(`<p>${request.originalUrl}</p>`);
    };
    // `follower` renders changed pages again; it was started again after `other` stored its pages,
    // so it got none of them, and only what it stores since reaches `other`.
    const other = microCache({ origin: 'http://x', now, peers: { publish: () => undefined } });
    const follower = microCache({
      origin: 'http://x',
      now,
      peers: { publish: (change: object) => other.receive(structuredClone(change)) },
    });
    get(other.middleware, render, '/en-ch/products/sony-p1');
    get(other.middleware, render, '/en-ch/products/bose-p2');
    get(follower.middleware, render, '/en-ch/products/sony-p1', { cookie: 'lang=de' });
    expect(other.taggedKeys('product:1')).toHaveLength(2);

    follower.announceChange(['product:1']);
    // What the follower holds it renders again and hands over; the rest no one would render: gone.
    expect(other.taggedKeys('product:1')).toEqual(['/en-ch/products/sony-p1|de']);
    expect(other.taggedKeys('product:2')).toEqual(['/en-ch/products/bose-p2|']);
    expect(get(other.middleware, render, '/en-ch/products/sony-p1').getHeader('x-cache')).toBe('miss');
  });

  it('renders the pages of a visitor who changed something for them in every process', () => {
    const page = site();
    const { a, b, relayed } = twoProcesses();
    const session = { cookie: 'pc_session=token; pc_signed_in=1' };
    get(a.middleware, page.render, '/en-ch/shops/s1');
    a.middleware(
      {
        method: 'POST',
        originalUrl: '/account/business/shops/s1',
        headers: session,
        socket: { remoteAddress: '203.0.113.9' },
      },
      new FakeResponse(),
      () => undefined,
    );
    expect(relayed).toEqual(['stored', 'writer']);
    expect(get(b.middleware, page.render, '/en-ch/shops/s1', session).getHeader('x-cache')).toBeUndefined();
    expect(get(b.middleware, page.render, '/en-ch/shops/s1').getHeader('x-cache')).toBe('hit');
  });
});
