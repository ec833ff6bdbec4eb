import type { PickedProduct } from './picked-products';

/**
 * The browser's side of the account's compare picks (ADR 132), run against an in-memory version
 * of `/api/compare-picks` (a revision per list, 409 on a stale one) that can be made to fail.
 */
interface AccountApi {
  ids: string[];
  revision: number;
  /** What each call was answered, in order ("GET 200", "PUT 503", ...). */
  calls: string[];
  /** Statuses the next PUTs answer before the list is looked at ('lost': applied, answer dropped). */
  failNextPuts: (number | 'lost')[];
}

const product = (n: number): PickedProduct => ({ id: `p${n}`, name: `Product ${n}` });

function installBrowser(api: AccountApi, local: PickedProduct[]) {
  const storage = new Map<string, string>();
  Object.assign(globalThis, {
    document: { cookie: 'pc_signed_in=1; XSRF-TOKEN=token' },
    window: {
      location: { pathname: '/en-ch/compare' },
      localStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
        removeItem: (key: string) => storage.delete(key),
      },
    },
  });
  globalThis.fetch = (async (_path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET') {
      api.calls.push('GET 200');
      return new Response(JSON.stringify({ data: api.ids.map((id) => ({ id, name: id })), revision: api.revision }));
    }
    const body = JSON.parse(String(init?.body)) as { product_ids: string[]; revision?: number };
    const failure = api.failNextPuts.shift();
    if (typeof failure === 'number') {
      api.calls.push(`PUT ${failure}`);
      return new Response(null, { status: failure });
    }
    if (body.revision !== undefined && body.revision !== api.revision) {
      api.calls.push('PUT 409');
      return new Response(JSON.stringify({ errors: [{ field: 'revision', rule: 'changed' }] }), { status: 409 });
    }
    api.ids = body.product_ids;
    api.revision += 1;
    if (failure === 'lost') {
      api.calls.push('PUT lost');
      throw new TypeError('Failed to fetch');
    }
    api.calls.push('PUT 200');
    return new Response(JSON.stringify({ data: [], revision: api.revision }));
  }) as typeof fetch;
  const shown: { list: PickedProduct[] } = { list: local };
  return {
    read: () => shown.list,
    replace: (picked: readonly PickedProduct[]) => {
      shown.list = [...picked];
    },
  };
}

async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('not settled in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A fresh page: the module keeps its state (read once, the revision seen) per page load. */
function loadPage(): typeof import('./account-sync') {
  let sync: typeof import('./account-sync') | undefined;
  jest.isolateModules(() => {
    sync = jest.requireActual<typeof import('./account-sync')>('./account-sync');
  });
  return sync!;
}

/** A signed-in page whose picks are empty, once it has read the account's. */
async function pageThatReadTheAccount(api: AccountApi) {
  const local = installBrowser(api, []);
  const sync = loadPage();
  sync.followAccount(local);
  await until(() => api.calls.length === 1);
  return { local, sync };
}

describe("a signed-in browser's compare picks and the account", () => {
  const realFetch = globalThis.fetch;
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  it('sends a change again when the server was too busy for it, so the account gets it', async () => {
    const api: AccountApi = { ids: ['p1'], revision: 4, calls: [], failNextPuts: [503, 504] };
    const { local, sync } = await pageThatReadTheAccount(api);
    local.replace([product(1), product(2)]);
    sync.sendToAccount(local);
    await until(() => api.calls.length === 4);
    expect(api.calls).toEqual(['GET 200', 'PUT 503', 'PUT 504', 'PUT 200']);
    expect(api.ids).toEqual(['p1', 'p2']);
  });

  it('applies a change once though its answer was lost: asked again at the same revision, it is refused and found there', async () => {
    const api: AccountApi = { ids: ['p1'], revision: 4, calls: [], failNextPuts: ['lost'] };
    const { local, sync } = await pageThatReadTheAccount(api);
    local.replace([product(1), product(2)]);
    sync.sendToAccount(local);
    // Lost, asked again (refused: the list moved on), read again: the account has what was sent.
    await until(() => api.calls.length === 4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.calls).toEqual(['GET 200', 'PUT lost', 'PUT 409', 'GET 200']);
    expect([api.ids, api.revision]).toEqual([['p1', 'p2'], 5]);
    expect(local.read().map((p) => p.id)).toEqual(['p1', 'p2']);
  });

  it("merges a change refused because another device changed the list, keeping both devices' picks", async () => {
    const api: AccountApi = { ids: ['p1'], revision: 4, calls: [], failNextPuts: [] };
    const { local, sync } = await pageThatReadTheAccount(api);
    // Another device adds p3 meanwhile; this page adds p2 at the revision it read.
    [api.ids, api.revision] = [['p1', 'p3'], 5];
    local.replace([product(1), product(2)]);
    sync.sendToAccount(local);
    await until(() => api.calls.length === 4);
    expect(api.calls).toEqual(['GET 200', 'PUT 409', 'GET 200', 'PUT 200']);
    expect(api.ids).toEqual(['p1', 'p3', 'p2']);
  });
});
