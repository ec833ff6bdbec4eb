import { mergeAccountPicks } from '~/compare/account-picks';
import { startAccountSite, type AccountSite } from './account-site';
import type { BrowserSession } from './browser-session';
import type { Catalogue } from './platform-fixture';
import type { Platform } from './platform-harness';

/**
 * The compare picks of signed-in visitors (ADR 132) end to end: GET and PUT /api/compare-picks
 * through Remix's request handler to accounts and catalog, each started from its app.ts on free
 * ports; every answer checked against docs/api/openapi.yaml.
 */

let site: AccountSite;
let platform: Platform;
let catalogue: Catalogue;

beforeAll(async () => {
  site = await startAccountSite();
  ({ platform, catalogue } = site);
}, 180_000);

afterAll(async () => {
  await platform?.stop();
});

const PATH = '/api/compare-picks';
const read = async (session: BrowserSession, locale = 'en-ch') => session.call('get', `${PATH}?locale=${locale}`, PATH);
const write = (session: BrowserSession, productIds: unknown, options: { csrf?: boolean } = {}) =>
  session.call('put', `${PATH}?locale=en-ch`, PATH, { body: { product_ids: productIds }, ...options });
const picked = (hit: { productId: string; name: string }) => ({ id: hit.productId, name: hit.name });

describe('compare picks kept in the account (ADR 132)', () => {
  it('keeps the picks in order for the same user on another device, and names them', async () => {
    const { headphones, earbuds } = catalogue.products;
    const laptop = await site.signedIn('picks.laptop@example.test');
    expect((await read(laptop)).body).toEqual({ data: [], revision: 0 });
    const written = await write(laptop, [earbuds.productId, headphones.productId]);
    expect([written.status, written.headers.get('cache-control')]).toEqual([200, 'no-store']);
    expect(written.body.data).toEqual([picked(earbuds), picked(headphones)]);
    // The phone: the same user signed in in another browser.
    const phone = site.browser();
    await phone.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    await phone.call('post', '/auth/login', '/auth/login', {
      body: { email: 'picks.laptop@example.test', password: 'secret-pass' },
    });
    expect((await read(phone)).body.data).toEqual([picked(earbuds), picked(headphones)]);
    await write(phone, [headphones.productId]);
    expect((await read(laptop)).body.data).toEqual([picked(headphones)]);
    await write(phone, []);
    expect((await read(laptop)).body.data).toEqual([]);
  });

  it("merges a browser's picks into the account at sign-in: the account's first, each once", async () => {
    const { headphones, earbuds, bose } = catalogue.products;
    const session = await site.signedIn('picks.merge@example.test');
    await write(session, [bose.productId]);
    const account = (await read(session)).body.data;
    // What the page's script does with the list the browser kept while signed out.
    const merged = mergeAccountPicks(account, [picked(headphones), picked(bose), picked(earbuds)]);
    await write(
      session,
      merged.map((p) => p.id),
    );
    expect((await read(session)).body.data.map((p: { id: string }) => p.id)).toEqual([
      bose.productId,
      headphones.productId,
      earbuds.productId,
    ]);
  });

  it('refuses a change made at a revision another device has moved past (409), and keeps that device’s list', async () => {
    const { headphones, earbuds, bose } = catalogue.products;
    const laptop = await site.signedIn('picks.revisions@example.test');
    const first = await laptop.call('put', `${PATH}?locale=en-ch`, PATH, {
      body: { product_ids: [earbuds.productId], revision: 0 },
    });
    expect([first.status, first.body.revision]).toEqual([200, 1]);
    // Another device adds the Bose at revision 1.
    const phone = site.browser();
    await phone.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    await phone.call('post', '/auth/login', '/auth/login', {
      body: { email: 'picks.revisions@example.test', password: 'secret-pass' },
    });
    const phoneWrite = await phone.call('put', `${PATH}?locale=en-ch`, PATH, {
      body: { product_ids: [earbuds.productId, bose.productId], revision: 1 },
    });
    expect(phoneWrite.body.revision).toBe(2);
    // The laptop, still at revision 1, would drop the Bose unseen: refused, nothing changed.
    const stale = await laptop.call('put', `${PATH}?locale=en-ch`, PATH, {
      body: { product_ids: [earbuds.productId, headphones.productId], revision: 1 },
    });
    expect([stale.status, stale.body.reason]).toEqual([409, 'COMPARE_PICKS_CHANGED']);
    expect((await read(laptop)).body).toEqual({ data: [picked(earbuds), picked(bose)], revision: 2 });
    const bad = await laptop.call('put', `${PATH}?locale=en-ch`, PATH, {
      body: { product_ids: [earbuds.productId], revision: -1 },
    });
    expect([bad.status, bad.body.errors?.[0]?.field]).toEqual([400, 'revision']);
  });

  it('refuses a fifth product and bad ids, naming the field, and keeps the list as it was', async () => {
    const { headphones, earbuds } = catalogue.products;
    const session = await site.signedIn('picks.bad@example.test');
    await write(session, [headphones.productId]);
    const fields = (answer: { status: number; body: { errors: { field: string; rule?: string }[] } }) => {
      expect(answer.status).toBe(400);
      return answer.body.errors.map((e) => [e.field, e.rule]);
    };
    expect(fields(await write(session, ['a', 'b', 'c', 'd', 'e']))).toEqual([['product_ids', 'max']]);
    expect(fields(await write(session, 'p1'))).toEqual([['product_ids', expect.any(String)]]);
    expect(fields(await write(session, [earbuds.productId, '<script>', earbuds.productId]))).toEqual([
      ['product_ids[1]', 'regex'],
      ['product_ids[2]', 'distinct'],
    ]);
    expect(fields(await write(session, [earbuds.productId, 'no_such_product']))).toEqual([
      ['product_ids[1]', 'exists'],
    ]);
    expect((await read(session)).body.data).toEqual([picked(headphones)]);
  });

  it("shows no one another user's picks, and nothing to a visitor; a write needs the CSRF token", async () => {
    const { headphones } = catalogue.products;
    const anna = await site.signedIn('picks.anna@example.test');
    const ben = await site.signedIn('picks.ben@example.test');
    await write(anna, [headphones.productId]);
    expect((await read(ben)).body.data).toEqual([]);
    const visitor = site.browser();
    await visitor.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    expect((await read(visitor)).status).toBe(401);
    expect((await write(visitor, [headphones.productId])).status).toBe(401);
    expect((await write(ben, [headphones.productId], { csrf: false })).status).toBe(419);
    expect((await read(ben)).body.data).toEqual([]);
    expect((await read(anna)).body.data).toEqual([picked(headphones)]);
    expect((await anna.call('get', `${PATH}?locale=xx`, PATH)).status).toBe(400);
  });
});
