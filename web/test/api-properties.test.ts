import fc from 'fast-check';
import { startAccountSite, type AccountSite } from './account-site';
import type { BrowserSession } from './browser-session';
import { OpenApiContract } from './openapi-contract';
import type { Catalogue } from './platform-fixture';

/**
 * Every public JSON endpoint of docs/api/openapi.yaml, sent arbitrary input by fast-check (issue 43:
 * bad input answered 500 or was accepted and kept): arbitrary path segments, query parameters
 * (the documented names and others), JSON bodies (the documented fields with any JSON values, any
 * JSON, and text that is not JSON). Through Remix's real handler to the real services, as a
 * signed-in user (the /auth/* actions as a visitor, so a logout ends no session of the test).
 * Asserted: never a 5xx; and after a 4xx to a state-changing call, the user's account, lists,
 * favourites, alerts, recently viewed products, compare picks and notifications are as they were.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Operation {
  readonly method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  readonly path: string;
  readonly fields: readonly string[];
  readonly queryNames: readonly string[];
}

/** The document the operations are listed from (when the tests are collected, before the site starts). */
const contract = new OpenApiContract();
let site: AccountSite;
let handle: (request: Request) => Promise<Response>;
let catalogue: Catalogue;
let user: BrowserSession;
let visitor: BrowserSession;

/** The property names of a request body's schema (through a $ref), to aim arbitrary values at real fields. */
function bodyFields(operation: { requestBody?: unknown }): string[] {
  let schema = (
    operation.requestBody as { content?: { 'application/json'?: { schema?: Record<string, unknown> } } } | undefined
  )?.content?.['application/json']?.schema;
  const ref = schema?.$ref;
  if (typeof ref === 'string')
    schema = contract.document.components.schemas[ref.replace('#/components/schemas/', '')] as Record<string, unknown>;
  return Object.keys((schema?.properties as Record<string, unknown> | undefined) ?? {});
}

/** Every operation of the document with its body fields and query parameter names. */
function operations(): Operation[] {
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(
    contract.document.paths as Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[] }>>,
  )) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = [...((item.parameters as unknown[]) ?? []), ...(operation.parameters ?? [])].map((p) => {
        const ref = (p as { $ref?: string }).$ref;
        return ref
          ? (
              contract.document as unknown as {
                components: { parameters: Record<string, { name: string; in: string }> };
              }
            ).components.parameters[ref.replace('#/components/parameters/', '')]
          : (p as { name: string; in: string });
      });
      found.push({
        method,
        path,
        fields: bodyFields(operation),
        queryNames: parameters.filter((p) => p?.in === 'query').map((p) => p?.name ?? ''),
      });
    }
  }
  return found;
}

/** Strings of any code points (lone surrogates made well-formed where a URL needs it), and the ids of real things. */
const text = () =>
  fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ maxLength: 8 }),
    fc.constantFrom(
      '',
      ' ',
      '0',
      '-1',
      '1e309',
      'NaN',
      '<script>',
      '../..',
      '%00',
      'default',
      'all',
      'en-ch',
      'CH',
      'ZZ',
    ),
  );
const scalar = () => fc.oneof(text(), fc.integer().map(String), fc.double().map(String));
const anyJson = (): fc.Arbitrary<Json> => fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;

function inputOf(operation: Operation) {
  // An empty segment makes another URL (another route), not input to this one.
  const segment = fc.oneof(
    text().filter((value) => value !== ''),
    fc.constantFrom(catalogue.products.headphones.productId, 'default', 'all'),
  );
  const query = fc.dictionary(
    fc.oneof(
      fc.constantFrom(...operation.queryNames, 'locale', 'page', 'hitsPerPage', 'refinements[price]'),
      fc.string({ maxLength: 12 }),
    ),
    scalar(),
    { maxKeys: 5 },
  );
  const fieldValues =
    operation.fields.length > 0
      ? fc.dictionary(fc.constantFrom(...operation.fields), fc.oneof(anyJson(), scalar()), {
          maxKeys: operation.fields.length,
        })
      : fc.constant({});
  const body = fc.oneof(
    fieldValues.map((value) => ({ json: value as Json })),
    anyJson().map((value) => ({ json: value })),
    fc.string({ maxLength: 60 }).map((raw) => ({ raw })),
  );
  return fc.record({ segments: fc.array(segment, { minLength: 3, maxLength: 3 }), query, body });
}

/** A lone surrogate cannot be percent-encoded: replaced as a browser would (U+FFFD). */
const wellFormed = (value: string): string =>
  value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

type Input = { segments: string[]; query: Record<string, string>; body: { json: Json } | { raw: string } };

function requestOf(operation: Operation, input: Input, session: BrowserSession): Request {
  let n = 0;
  const path = operation.path.replace(/\{[a-z]+\}/g, () => encodeURIComponent(wellFormed(input.segments[n++] ?? '')));
  const query = new URLSearchParams(
    Object.entries(input.query).map(([name, value]) => [wellFormed(name), wellFormed(value)]),
  ).toString();
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-xsrf-token': session.cookies.get('XSRF-TOKEN') ?? '',
  };
  if (session.cookies.size > 0)
    headers.cookie = [...session.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  const init: RequestInit = { method: operation.method.toUpperCase(), headers };
  if (operation.method !== 'get') {
    headers['content-type'] = 'application/json';
    init.body = 'json' in input.body ? JSON.stringify(input.body.json) : wellFormed(input.body.raw);
  }
  return new Request(`http://site.test${path}${query ? `?${query}` : ''}`, init);
}

/** What the signed-in user has: a 4xx must leave all of it as it was. */
async function userState(): Promise<unknown> {
  const read = async (path: string, method: 'get' | 'post' = 'get') => {
    const answer = await handle(
      requestOf({ method, path, fields: [], queryNames: [] }, { segments: [], query: {}, body: { json: null } }, user),
    );
    return [answer.status, await answer.text()];
  };
  return {
    account: await read('/auth/user', 'post'),
    lists: await read('/api/favourites'),
    favourites: await read('/api/favourites/all'),
    alerts: await read('/api/alerts'),
    viewed: await read('/api/recently-viewed'),
    comparePicks: await read('/api/compare-picks'),
    notifications: await read('/api/notifications'),
  };
}

beforeAll(async () => {
  site = await startAccountSite();
  ({ handle, catalogue } = site);
  user = await site.signedIn('fuzz@example.test');
  await user.call('post', '/api/favourites/default/items', '/api/favourites/{list}/items', {
    body: { product_id: catalogue.products.headphones.productId },
  });
  await user.call('put', '/api/compare-picks', '/api/compare-picks', {
    body: { product_ids: [catalogue.products.headphones.productId] },
  });
  visitor = site.browser();
  await visitor.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
}, 180_000);

afterAll(async () => {
  await site?.platform.stop();
});

describe('every public JSON endpoint under arbitrary input (issue 43, fast-check)', () => {
  const all = operations();

  it('covers every operation of the document', () => {
    expect(all.length).toBeGreaterThan(40);
  });

  it.each(all.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation] as const))(
    '%s: no 5xx, and no state change on a 4xx',
    async (_name, operation) => {
      const changesState = operation.method !== 'get';
      const session = operation.path.startsWith('/auth/') ? visitor : user;
      await fc.assert(
        fc.asyncProperty(inputOf(operation), async (input) => {
          const before = changesState ? await userState() : null;
          const request = requestOf(operation, input, session);
          const answer = await handle(request);
          const body = await answer.text();
          if (answer.status >= 500)
            throw new Error(`${request.method} ${request.url} answered ${answer.status}: ${body.slice(0, 300)}`);
          if (changesState && answer.status >= 400 && answer.status < 500) expect(await userState()).toEqual(before);
        }),
        { numRuns: 12 },
      );
    },
    120_000,
  );
});
