import { gzipSync } from 'node:zlib';
import { FetchFailedError, FetchLimitError, FetchRefusedError } from './errors.js';
import { parseFetchPolicy, strictFetchPolicy, type FetchPolicy } from './fetch-policy.js';
import type { ResolvedAddress, Resolver } from './pinned-lookup.js';
import { SafeFetcher, type SafeFetcherOptions } from './safe-fetcher.js';
import { startLocalServer, type LocalServer } from './testing/local-server.js';

/** The local profile's exception: 127.0.0.1 on any unprivileged port (the demo shops). */
const localPolicy: FetchPolicy = parseFetchPolicy({
  FETCH_ALLOW_PRIVATE: '127.0.0.1',
  FETCH_ALLOW_PORTS: '1024-65535',
});

const fetchers: SafeFetcher[] = [];
const servers: LocalServer[] = [];
function fetcher(options: Partial<SafeFetcherOptions> = {}): SafeFetcher {
  const created = new SafeFetcher({ policy: localPolicy, ...options });
  fetchers.push(created);
  return created;
}
async function server(...args: Parameters<typeof startLocalServer>): Promise<LocalServer> {
  const started = await startLocalServer(...args);
  servers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(fetchers.splice(0).map((f) => f.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A resolver that answers from a table and counts its calls, like a DNS server we control. */
function tableResolver(answers: Record<string, string[] | (() => string[])>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const answer = answers[hostname];
    const addresses = typeof answer === 'function' ? answer() : (answer ?? []);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchRefusedError) return `refused:${error.reason}`;
    if (error instanceof FetchLimitError) return `limit:${error.limit}`;
    if (error instanceof FetchFailedError) return 'failed';
    throw error;
  }
  return 'fetched';
}

describe('SafeFetcher', () => {
  it('fetches from an address the policy allows, and refuses the same server under the strict policy', async () => {
    const site = await server((_request, response) => response.end('hello'));
    const response = await fetcher().fetch(site.url('/page'));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('hello');
    expect(await refusal(fetcher({ policy: strictFetchPolicy }).fetch(site.url('/page')))).toBe('refused:port');
    expect(
      await refusal(
        fetcher({ policy: parseFetchPolicy({ FETCH_ALLOW_PORTS: String(site.port) }) }).fetch(site.url('/page')),
      ),
    ).toBe('refused:address');
    expect(site.requests).toHaveLength(1);
  });

  it('refuses host names that resolve to refused addresses before connecting', async () => {
    const resolver = tableResolver({
      'metadata.test': ['169.254.169.254'],
      'intranet.test': ['10.0.0.7'],
      'mixed.test': ['127.0.0.1', '192.168.1.1'],
      'mapped.test': ['::ffff:127.0.0.1'],
      'nowhere.test': [],
    });
    const guarded = fetcher({ resolver });
    expect(await refusal(guarded.fetch('http://metadata.test/latest/meta-data/'))).toBe('refused:address');
    expect(await refusal(guarded.fetch('http://intranet.test/'))).toBe('refused:address');
    // One bad answer among good ones is enough: the connection might otherwise land on it.
    expect(await refusal(guarded.fetch('http://mixed.test:8080/'))).toBe('refused:address');
    expect(await refusal(guarded.fetch('http://mapped.test:8080/'))).toBe('refused:address');
    expect(await refusal(guarded.fetch('http://nowhere.test/'))).toBe('refused:dns');
    const error = await guarded.fetch('http://metadata.test/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchRefusedError);
    expect((error as FetchRefusedError).url).toBe('http://metadata.test/x');
    expect((error as Error).message).toContain('169.254.169.254');
  });

  it('connects to the address it checked: a DNS answer that changes afterwards (rebinding) is never used', async () => {
    const site = await server((_request, response) => response.end('pinned'));
    let answers = 0;
    // First answer allowed, every later one a private address, as a rebinding attacker's DNS would.
    const resolver = tableResolver({ 'shop.test': () => (++answers === 1 ? ['127.0.0.1'] : ['10.0.0.1']) });
    const guarded = fetcher({ resolver, connectionsPerOrigin: 1 });
    const first = await guarded.fetch(`http://shop.test:${site.port}/a`);
    expect(await first.text()).toBe('pinned');
    // The same kept-alive connection serves the next request: no new resolution at all.
    const second = await guarded.fetch(`http://shop.test:${site.port}/b`);
    expect(await second.text()).toBe('pinned');
    expect(resolver.calls).toEqual(['shop.test']);
    expect(site.connections()).toBe(1);
    // A new connection resolves again, and the rebound answer is refused.
    const fresh = fetcher({ resolver });
    expect(await refusal(fresh.fetch(`http://shop.test:${site.port}/c`))).toBe('refused:address');
    expect(resolver.calls).toEqual(['shop.test', 'shop.test']);
    expect(site.requests.map((request) => request.url)).toEqual(['/a', '/b']);
  });

  it('checks every redirect hop the same way and refuses one that points inside', async () => {
    const targets: Record<string, string> = {
      '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
      '/to-private-name': 'http://intranet.test/',
      '/to-file': 'file:///etc/passwd',
      '/to-port': 'http://127.0.0.1:22/',
      '/to-mapped': 'http://[::ffff:7f00:1]/',
    };
    const site = await server((request, response) => {
      response.writeHead(302, { location: targets[request.url ?? ''] ?? '/' }).end();
    });
    const guarded = fetcher({
      resolver: tableResolver({ 'intranet.test': ['10.1.2.3'] }),
      policy: parseFetchPolicy({ FETCH_ALLOW_PRIVATE: '127.0.0.1', FETCH_ALLOW_PORTS: String(site.port) }),
    });
    expect(await refusal(guarded.fetch(site.url('/to-metadata')))).toBe('refused:address');
    expect(await refusal(guarded.fetch(site.url('/to-private-name')))).toBe('refused:address');
    expect(await refusal(guarded.fetch(site.url('/to-file')))).toBe('refused:scheme');
    expect(await refusal(guarded.fetch(site.url('/to-port')))).toBe('refused:port');
    expect(await refusal(guarded.fetch(site.url('/to-mapped')))).toBe('refused:address');
  });

  it('follows redirects up to the limit, reports the chain, and stops loops', async () => {
    const site = await server((request, response) => {
      const url = request.url ?? '/';
      const hop = /^\/hop\/(\d+)$/.exec(url);
      if (hop) {
        const n = Number(hop[1]);
        if (n === 0) response.end('arrived');
        else response.writeHead(301, { location: `/hop/${n - 1}` }).end();
      } else if (url === '/loop-a') response.writeHead(302, { location: '/loop-b' }).end();
      else if (url === '/loop-b') response.writeHead(307, { location: '/loop-a' }).end();
      else response.writeHead(404).end();
    });
    const guarded = fetcher();
    const followed = await guarded.fetch(site.url('/hop/5'));
    expect(await followed.text()).toBe('arrived');
    expect(followed.url).toBe(site.url('/hop/0'));
    expect(followed.redirects).toEqual([5, 4, 3, 2, 1].map((n) => site.url(`/hop/${n}`)));
    expect(await refusal(guarded.fetch(site.url('/hop/6')))).toBe('limit:redirects');
    expect(await refusal(guarded.fetch(site.url('/loop-a')))).toBe('limit:redirect_loop');
    const unfollowed = await guarded.fetch(site.url('/hop/1'), { maxRedirects: 0 });
    expect(unfollowed.status).toBe(301);
    expect(unfollowed.headers.location).toBe('/hop/0');
    // The caller is asked before each hop: it may wait (politeness) or take the redirect as the answer.
    const asked: string[] = [];
    const paced = await guarded.fetch(site.url('/hop/2'), {
      beforeRedirect: async (from, to) => {
        asked.push(`${from.pathname}>${to.pathname}`);
        return true;
      },
    });
    expect(await paced.text()).toBe('arrived');
    expect(asked).toEqual(['/hop/2>/hop/1', '/hop/1>/hop/0']);
    const stopped = await guarded.fetch(site.url('/hop/2'), {
      beforeRedirect: async (from) => from.pathname !== '/hop/1',
    });
    expect(stopped).toMatchObject({ status: 301, url: site.url('/hop/1'), redirects: [site.url('/hop/2')] });
    expect(stopped.headers.location).toBe('/hop/0');
  });

  it('keeps no cookies and sends credentials only to the origin they were meant for', async () => {
    const other = await server((request, response) => response.end(JSON.stringify(request.headers)));
    const site = await server((request, response) => {
      if (request.url === '/set') response.writeHead(200, { 'set-cookie': 'session=abc; Path=/' }).end('set');
      else if (request.url === '/same') response.writeHead(302, { location: '/echo' }).end();
      else if (request.url === '/away') response.writeHead(302, { location: other.url('/echo') }).end();
      else response.end(JSON.stringify(request.headers));
    });
    const guarded = fetcher();
    const set = await guarded.fetch(site.url('/set'));
    expect(set.headers['set-cookie']).toBeUndefined();
    await set.text();
    expect(JSON.parse(await (await guarded.fetch(site.url('/echo'))).text())).not.toHaveProperty('cookie');
    const headers = { authorization: 'Bearer t', cookie: 'mine=1' };
    const same = JSON.parse(await (await guarded.fetch(site.url('/same'), { headers })).text()) as Record<
      string,
      string
    >;
    expect(same.authorization).toBe('Bearer t');
    const away = JSON.parse(await (await guarded.fetch(site.url('/away'), { headers })).text()) as Record<
      string,
      string
    >;
    expect(away.authorization).toBeUndefined();
    expect(away.cookie).toBeUndefined();
  });

  it('refuses a body whose declared length is over the limit without reading it', async () => {
    const site = await server((_request, response) =>
      response.writeHead(200, { 'content-length': String(50 * 1024 * 1024) }).end(),
    );
    expect(await refusal(fetcher().fetch(site.url('/big'), { maxBytes: 1024 * 1024 }))).toBe('limit:size');
  });

  it('aborts a streamed body at the limit, also when it is compressed', async () => {
    let closedEarly = false;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const site = await server((request, response) => {
      if (request.url === '/gzip') {
        // 64 KiB of gzip that unpacks to 32 MiB.
        response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(32 * 1024 * 1024, 'a')));
        return;
      }
      response.on('close', () => (closedEarly = !response.writableFinished));
      let sent = 0;
      const write = (): void => {
        while (sent < 50 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', write);
        }
        response.end();
      };
      write();
    });
    const guarded = fetcher();
    const streamed = await guarded.fetch(site.url('/stream'), { maxBytes: 1024 * 1024 });
    expect(await refusal(streamed.text())).toBe('limit:size');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closedEarly).toBe(true);
    const bomb = await guarded.fetch(site.url('/gzip'), { maxBytes: 1024 * 1024 });
    expect(await refusal(bomb.buffer())).toBe('limit:size');
  });

  it('cuts the body at the limit when asked to truncate', async () => {
    const site = await server((_request, response) => response.end('x'.repeat(10_000)));
    const response = await fetcher().fetch(site.url('/robots.txt'), { maxBytes: 1_000, overflow: 'truncate' });
    const body = await response.text();
    expect(body).toHaveLength(1_000);
    expect(response.truncated).toBe(true);
  });

  it('stops an exchange that takes longer than its time limit, in the headers or in the body', async () => {
    const site = await server((request, response) => {
      if (request.url === '/trickle') {
        response.write('start');
        const timer = setInterval(() => response.write('.'), 20);
        response.on('close', () => clearInterval(timer));
      }
      // '/silent' never answers.
    });
    const guarded = fetcher();
    expect(await refusal(guarded.fetch(site.url('/silent'), { timeoutMs: 200 }))).toBe('limit:time');
    // A second for the trickle: its headers come at once, but a busy machine may take a while to
    // read them, and the limit must then strike in the body, which never ends.
    const trickle = await guarded.fetch(site.url('/trickle'), { timeoutMs: 1_000 });
    expect(await refusal(trickle.text())).toBe('limit:time');
  });

  it('gives up when the caller cancels', async () => {
    const site = await server(() => {});
    const controller = new AbortController();
    const pending = fetcher().fetch(site.url('/silent'), { signal: controller.signal });
    controller.abort(new Error('caller went away'));
    await expect(pending).rejects.toThrow('caller went away');
  });

  it('reports a refused connection as a network failure', async () => {
    const site = await server(() => {});
    const port = site.port;
    await site.close();
    servers.length = 0;
    const error = await fetcher()
      .fetch(`http://127.0.0.1:${port}/`)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchFailedError);
    expect((error as Error).message).toContain('ECONNREFUSED');
  });
});
