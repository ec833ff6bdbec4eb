import type { MailBox } from '@pc/kit/testing/outbox-mail';
import { LocalPushService } from '../../services/notifications/src/push/local-push-service';
import { registration, startAccountSite, type AccountSite } from './account-site';
import { BrowserSession, type Answer } from './browser-session';
import type { OpenApiContract } from './openapi-contract';
import { eventually, headphonesPriceDrop as drop, type Catalogue } from './platform-fixture';
import type { Platform } from './platform-harness';

/**
 * The account API end to end: real requests through Remix's request handler to the auth,
 * favourites, alerts and push routes, which call accounts and notifications (and catalog,
 * offers, search) over gRPC, each started from its app.ts. Every answer is checked against
 * docs/api/openapi.yaml. The alert test drives a price drop through the real ingest path
 * (OfferObserved → offers → ProductPriceChanged → notifications) to a push that our local
 * push service decrypts.
 */

let site: AccountSite;
let platform: Platform;
let handle: (request: Request) => Promise<Response>;
let contract: OpenApiContract;
let catalogue: Catalogue;
let push: LocalPushService;
let mail: MailBox;

const browser = () => site.browser();
const signedIn = (email: string) => site.signedIn(email);

const expectFields = (answer: Answer, ...fields: string[]) => {
  expect(answer.status).toBe(400);
  expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(fields));
};

beforeAll(async () => {
  site = await startAccountSite();
  ({ platform, handle, contract, catalogue, mail } = site);
  push = await LocalPushService.start();
}, 180_000);

afterAll(async () => {
  await push?.close();
  await platform?.stop();
});

describe('sign-in, session and CSRF (spec §7)', () => {
  it('refuses a state-changing call without the XSRF-TOKEN header: 419 page expired', async () => {
    const session = browser();
    const refused = await session.call('post', '/auth/login', '/auth/login', {
      body: { email: 'a@example.test', password: 'x' },
    });
    expect(refused.status).toBe(419);
    expect(refused.body.error).toMatch(/page expired/);
    const csrf = await session.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    expect(csrf.status).toBe(204);
    expect(session.scriptVisible.has('XSRF-TOKEN')).toBe(true);
    const forged = await session.call('post', '/auth/login', '/auth/login', {
      body: { email: 'a@example.test', password: 'x' },
      csrf: false,
      headers: { 'x-xsrf-token': 'forged.token' },
    });
    expect(forged.status).toBe(419);
  });

  it('registers (202: check your e-mail), logs in, keeps the session token in an httpOnly SameSite cookie, and boots the session', async () => {
    const session = browser();
    await session.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    const registered = await session.call('post', '/api/auth/register', '/api/auth/register', {
      body: registration('Reg@Example.test', { phone: '+41 44 123 45 67' }),
    });
    expect(registered.status).toBe(202);
    expect(registered.body).toEqual({
      message: 'check your email to finish signing up, then log in',
      verification_sent: true,
    });
    expect(session.cookies.has('pc_session')).toBe(false);
    expect(mail.latest('reg@example.test', 'email-verification')).toBeDefined();
    const loggedIn = await session.call('post', '/auth/login', '/auth/login', {
      body: { email: 'reg@example.test', password: 'secret-pass', remember: true },
    });
    expect(loggedIn.body).toMatchObject({
      email: 'reg@example.test',
      name: 'Anna Muster',
      is_admin: false,
      email_verified: false,
    });
    const cookie = loggedIn.setCookies.find((line) => line.startsWith('pc_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);
    expect(session.scriptVisible.has('pc_session')).toBe(false);
    expect(JSON.stringify(loggedIn.body)).not.toContain(session.cookies.get('pc_session'));
    const boot = await session.call('post', '/auth/user', '/auth/user', { csrf: false });
    expect([boot.status, boot.body.email]).toEqual([200, 'reg@example.test']);
    const visitor = await browser().call('post', '/auth/user', '/auth/user');
    expect([visitor.status, visitor.body]).toEqual([204, null]);
    // The marker for the page's scripts (ADR 083) lasts as the session does; it proves nothing:
    // what a page from the shared cache shows of the user comes from the session cookie.
    expect(loggedIn.setCookies.find((line) => line.startsWith('pc_signed_in=1'))).toMatch(/Max-Age=2592000/);
    expect(session.scriptVisible.has('pc_signed_in')).toBe(true);
    const chrome = await session.call('get', '/auth/chrome', '/auth/chrome');
    expect([chrome.status, chrome.headers.get('cache-control'), chrome.body]).toEqual([
      200,
      'no-store',
      { user: { name: 'Anna Muster', is_admin: false, is_business: false, admin_url: '' } },
    ]);
    const marked = await browser().call('get', '/auth/chrome', '/auth/chrome', {
      headers: { cookie: 'pc_signed_in=1' },
    });
    expect(marked.body).toEqual({ user: null });
  });

  it('sets the cookies Secure over https (as the edge reports it), and not for a forged X-Forwarded-Proto', async () => {
    await signedIn('secure@example.test');
    const secure = new BrowserSession(handle, contract, 'https://site.test');
    await secure.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    const answer = await secure.call('post', '/auth/login', '/auth/login', {
      body: { email: 'secure@example.test', password: 'secret-pass' },
    });
    expect(answer.setCookies.find((line) => line.startsWith('pc_session='))).toMatch(/; Secure/);
    expect(answer.setCookies.find((line) => line.startsWith('XSRF-TOKEN='))).toMatch(/; Secure/);
    const forged = browser();
    const csrf = await forged.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(csrf.setCookies.find((line) => line.startsWith('XSRF-TOKEN='))).not.toMatch(/Secure/);
  });

  it('answers 400 with every bad field', async () => {
    const session = browser();
    await session.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    expectFields(
      await session.call('post', '/auth/register', '/auth/register', {
        body: { name: '', email: 'nope', password: '123', password_confirmation: '1234', terms: false },
      }),
      'name',
      'email',
      'password',
      'terms',
    );
    expectFields(
      await session.call('post', '/auth/register', '/auth/register', {
        body: registration('x@example.test', { password_confirmation: 'other-pass' }),
      }),
      'password_confirmation',
    );
  });

  it('logs in and out; a failure has an error field; too many attempts answer 429 with Retry-After', async () => {
    await signedIn('login@example.test');
    const session = browser();
    await session.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    const wrong = await session.call('post', '/auth/login', '/auth/login', {
      body: { email: 'login@example.test', password: 'wrong-pass' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      error: 'these credentials do not match our records',
      reason: 'INVALID_CREDENTIALS',
    });
    expectFields(
      await session.call('post', '/auth/login', '/auth/login', { body: { email: 'not-an-email' } }),
      'email',
      'password',
    );
    const ok = await session.call('post', '/auth/login', '/auth/login', {
      body: { email: 'login@example.test', password: 'secret-pass' },
    });
    expect([ok.status, ok.body.email]).toEqual([200, 'login@example.test']);
    expect(ok.setCookies.find((line) => line.startsWith('pc_session='))).not.toMatch(/Max-Age/);
    expect(session.cookies.has('pc_signed_in')).toBe(true);
    expect((await session.call('post', '/auth/logout', '/auth/logout')).status).toBe(204);
    expect(session.cookies.has('pc_signed_in')).toBe(false);
    expect((await session.call('post', '/auth/user', '/auth/user')).status).toBe(204);
    let throttled: Answer | null = null;
    for (let i = 0; i < 6 && !throttled; i += 1) {
      const answer = await session.call('post', '/auth/login', '/auth/login', {
        body: { email: 'login@example.test', password: `wrong-${i}` },
      });
      if (answer.status === 429) throttled = answer;
    }
    expect(throttled?.body.error).toMatch(/^too many attempts, retry in \d+ seconds$/);
    expect(Number(throttled?.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('verifies the e-mail from the mailed link and resets a forgotten password', async () => {
    const session = await signedIn('links@example.test');
    const verifyLink = mail.link('links@example.test', 'email-verification');
    const verified = await session.call('get', `${verifyLink.pathname}${verifyLink.search}`, '/auth/verify-email');
    expect([verified.status, verified.headers.get('Location')]).toEqual([302, '/account?verified=1']);
    expect((await session.call('post', '/auth/user', '/auth/user')).body.email_verified).toBe(true);
    const forged = await session.call('get', `/auth/verify-email?user=x&token=y`, '/auth/verify-email');
    expect(forged.headers.get('Location')).toBe('/account?verified=0');
    const other = browser();
    await other.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    const forgot = await other.call('post', '/auth/forgot-password', '/auth/forgot-password', {
      body: { email: 'links@example.test' },
    });
    expect(forgot.body).toEqual({ message: 'reset link emailed', expires_in_minutes: 60 });
    const unknown = await other.call('post', '/auth/forgot-password', '/auth/forgot-password', {
      body: { email: 'nobody-here@example.test' },
    });
    expect(unknown.body).toEqual(forgot.body);
    const token = mail.link('links@example.test', 'password-reset').searchParams.get('token') ?? '';
    expectFields(
      await other.call('post', '/auth/reset-password', '/auth/reset-password', {
        body: { token: 'bad', email: 'links@example.test', password: 'brand-new', password_confirmation: 'brand-new' },
      }),
      'token',
    );
    const reset = await other.call('post', '/auth/reset-password', '/auth/reset-password', {
      body: { token, email: 'links@example.test', password: 'brand-new', password_confirmation: 'brand-new' },
    });
    expect(reset.body).toMatchObject({ message: 'password has been reset', user: { email: 'links@example.test' } });
    expect((await session.call('post', '/auth/user', '/auth/user')).status).toBe(204);
    expect((await other.call('post', '/auth/user', '/auth/user')).body.email).toBe('links@example.test');
  });
});

describe('the own account (account pages)', () => {
  it('changes the profile and the password, becomes a business user, and deletes the account', async () => {
    const session = await signedIn('own@example.test');
    const other = browser();
    await other.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    await other.call('post', '/auth/login', '/auth/login', {
      body: { email: 'own@example.test', password: 'secret-pass' },
    });
    const renamed = await session.call('patch', '/api/account', '/api/account', {
      body: { name: 'Olga Own', language: 'de' },
    });
    expect(renamed.body).toMatchObject({ name: 'Olga Own', language: 'de', email: 'own@example.test' });
    expectFields(await session.call('patch', '/api/account', '/api/account', { body: { email: 'nope' } }), 'email');
    expect((await browser().call('patch', '/api/account', '/api/account', { body: { name: 'x' } })).status).toBe(419);
    const wrong = await session.call('post', '/api/account/password', '/api/account/password', {
      body: { current_password: 'wrong', password: 'changed-pass', password_confirmation: 'changed-pass' },
    });
    expect([wrong.status, wrong.body.reason]).toEqual([401, 'INVALID_CREDENTIALS']);
    const changed = await session.call('post', '/api/account/password', '/api/account/password', {
      body: { current_password: 'secret-pass', password: 'changed-pass', password_confirmation: 'changed-pass' },
    });
    expect(changed.body).toEqual({ message: 'password changed', sessions_ended: 1 });
    expect((await session.call('post', '/auth/user', '/auth/user')).status).toBe(200);
    expect((await other.call('post', '/auth/user', '/auth/user')).status).toBe(204);
    expect(
      (await session.call('post', '/api/account/business', '/api/account/business', { body: { company: 'Own AG' } }))
        .status,
    ).toBe(422);
    const link = mail.link('own@example.test', 'email-verification');
    await session.call('get', `${link.pathname}${link.search}`, '/auth/verify-email');
    expect(
      (await session.call('post', '/api/account/business', '/api/account/business', { body: { company: 'Own AG' } }))
        .body,
    ).toMatchObject({ is_business: true, company: 'Own AG' });
    expect(
      (await session.call('delete', '/api/account', '/api/account', { body: { password: 'secret-pass' } })).status,
    ).toBe(401);
    const deleted = await session.call('delete', '/api/account', '/api/account', {
      body: { password: 'changed-pass' },
    });
    expect(deleted.status).toBe(204);
    expect(session.cookies.has('pc_session')).toBe(false);
    const gone = await other.call('post', '/auth/login', '/auth/login', {
      body: { email: 'own@example.test', password: 'changed-pass' },
    });
    expect(gone.status).toBe(401);
  });
});

describe('favourites (spec §2.2)', () => {
  it('keeps one user’s lists private and lets them share one', async () => {
    const { headphones, earbuds } = catalogue.products;
    const anna = await signedIn('fav.anna@example.test');
    const ben = await signedIn('fav.ben@example.test');
    expect((await browser().call('get', '/api/favourites', '/api/favourites')).status).toBe(401);
    const added = await anna.call('post', '/api/favourites/default/items', '/api/favourites/{list}/items', {
      body: { product_id: headphones.productId },
    });
    expect([added.status, added.body.added]).toEqual([201, true]);
    expect(
      (
        await anna.call('post', '/api/favourites/default/items', '/api/favourites/{list}/items', {
          body: { product_id: headphones.productId },
        })
      ).body.added,
    ).toBe(false);
    expectFields(
      await anna.call('post', '/api/favourites/default/items', '/api/favourites/{list}/items', { body: {} }),
      'product_id',
    );
    const gifts = await anna.call('post', '/api/favourites', '/api/favourites', {
      body: { name: 'Gifts', public: true },
    });
    expect(gifts.status).toBe(201);
    const giftsId = gifts.body.data.id as string;
    await anna.call('post', `/api/favourites/${giftsId}/items`, '/api/favourites/{list}/items', {
      body: { product_id: earbuds.productId },
    });
    expect((await anna.call('post', '/api/favourites', '/api/favourites', { body: { name: 'gifts' } })).status).toBe(
      409,
    );
    const lists = await anna.call('get', '/api/favourites', '/api/favourites');
    expect(lists.body.data.map((l: { name: string; items_count: number }) => [l.name, l.items_count])).toEqual([
      ['Favourites', 1],
      ['Gifts', 1],
    ]);
    const all = await anna.call('get', '/api/favourites/all', '/api/favourites/all');
    expect(all.body.data.map((i: { product_id: string }) => i.product_id)).toEqual([
      earbuds.productId,
      headphones.productId,
    ]);
    expectFields(await anna.call('get', '/api/favourites/all?page=0', '/api/favourites/all'), 'page');
    const status = await anna.call(
      'get',
      `/api/favourites/status?ids=${headphones.productId},nope`,
      '/api/favourites/status',
    );
    expect(status.body.data).toEqual([
      { product_id: headphones.productId, list_ids: [lists.body.data[0].id] },
      { product_id: 'nope', list_ids: [] },
    ]);
    const defaultId = lists.body.data[0].id as string;
    expect((await ben.call('get', `/api/favourites/${defaultId}`, '/api/favourites/{list}')).status).toBe(404);
    expect(
      (
        await ben.call('post', `/api/favourites/${defaultId}/items`, '/api/favourites/{list}/items', {
          body: { product_id: earbuds.productId },
        })
      ).status,
    ).toBe(404);
    expect((await ben.call('delete', `/api/favourites/${giftsId}`, '/api/favourites/{list}')).status).toBe(404);
    const shared = await browser().call('get', `/api/favourites/${giftsId}`, '/api/favourites/{list}');
    expect(shared.body.data.items.map((i: { product_id: string }) => i.product_id)).toEqual([earbuds.productId]);
    expect((await anna.call('delete', '/api/favourites/default', '/api/favourites/{list}')).status).toBe(422);
    const removed = await anna.call(
      'delete',
      `/api/favourites/all/items/${headphones.productId}`,
      '/api/favourites/{list}/items/{product}',
    );
    expect(removed.body).toEqual({ removed: 1 });
    expect(
      (await anna.call('patch', `/api/favourites/${giftsId}`, '/api/favourites/{list}', { body: { name: 'Presents' } }))
        .body.data.name,
    ).toBe('Presents');
    expect((await anna.call('delete', `/api/favourites/${giftsId}`, '/api/favourites/{list}')).status).toBe(204);
    expect((await anna.call('get', `/api/favourites/default`, '/api/favourites/{list}')).body.data.items).toEqual([]);
  });

  it('records recently viewed products and merges the guest cookie list at sign-in', async () => {
    const { headphones } = catalogue.products;
    const session = await signedIn('recent@example.test');
    await session.call('post', '/auth/logout', '/auth/logout');
    session.cookies.set('recently_viewed_products', JSON.stringify(['g2', 'g1']));
    await session.call('post', '/auth/login', '/auth/login', {
      body: { email: 'recent@example.test', password: 'secret-pass' },
    });
    await session.call('post', '/api/recently-viewed', '/api/recently-viewed', {
      body: { product_id: headphones.productId },
    });
    const list = await session.call('get', '/api/recently-viewed', '/api/recently-viewed');
    expect(list.body.data.map((i: { product_id: string }) => i.product_id)).toEqual([headphones.productId, 'g2', 'g1']);
    expectFields(
      await session.call('post', '/api/recently-viewed', '/api/recently-viewed', { body: {} }),
      'product_id',
    );
    expect((await browser().call('get', '/api/recently-viewed', '/api/recently-viewed')).status).toBe(401);
  });
});

describe('searches counted for "most searched" (ADR 103)', () => {
  const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
  const count = async (body: object, userAgent = CHROME) => {
    const session = browser();
    await session.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    return session.call('post', '/api/searches', '/api/searches', { body, headers: { 'user-agent': userAgent } });
  };

  it('counts a visitor’s search that finds something once a day, never a bot’s, and names a bad field', async () => {
    const counted = async (body: object, userAgent?: string) => (await count(body, userAgent)).body.data.counted;
    expect(await counted({ search: 'Sony', locale: 'de-ch' })).toBe(true);
    expect(await counted({ search: 'sony ', locale: 'de-ch' })).toBe(false); // the same visitor, the same day
    expect(await counted({ search: 'Sony', locale: 'de-ch' }, `${CHROME} Edg/131.0`)).toBe(true); // another one
    expect(await counted({ search: 'Sony', locale: 'de-ch', language: 'it' })).toBe(true); // in another language
    expect(await counted({ search: 'Sony', locale: 'fr-ch' }, 'Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe(false);
    expect(await counted({ search: 'Zahnbürste', locale: 'de-ch' })).toBe(false); // finds nothing
    expectFields(await count({ locale: 'de-ch' }), 'search');
    expectFields(
      await count({ search: 'x'.repeat(513), locale: 'xx', language: 'nl' }),
      'search',
      'locale',
      'language',
    );
    const withoutToken = await browser().call('post', '/api/searches', '/api/searches', { body: { search: 'Sony' } });
    expect(withoutToken.status).toBe(419);
  });
});

describe('advertisements seen, counted as impressions (ADR 104)', () => {
  it('passes what a visitor saw to affiliates, which counts no unknown advertisement, and names a bad field', async () => {
    const session = browser();
    await session.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    const saw = (body: object) => session.call('post', '/api/ad-impressions', '/api/ad-impressions', { body });
    expect((await saw({ ids: ['no-such-advertisement'] })).body).toEqual({ data: { counted: 0 } });
    expectFields(await saw({ ids: [] }), 'ids');
    expectFields(await saw({ ids: Array.from({ length: 21 }, (_, i) => `ad-${i}`) }), 'ids');
    const withoutToken = await browser().call('post', '/api/ad-impressions', '/api/ad-impressions', {
      body: { ids: ['a'] },
    });
    expect(withoutToken.status).toBe(419);
  });
});

describe('price alerts and web push (spec §2.8, §4)', () => {
  it('delivers a price drop from the crawler to a subscribed browser, once', async () => {
    const { headphones } = catalogue.products;
    const session = await signedIn('alerts@example.test');
    const { publicKey } = (await session.call('get', '/api/vapid-public-key', '/api/vapid-public-key')).body;
    const subscription = push.subscribe(publicKey);
    const subscribed = await session.call('post', '/api/subscribe', '/api/subscribe', {
      body: { endpoint: subscription.endpoint, keys: subscription.keys, expirationTime: null },
    });
    expect(subscribed.body).toEqual({ subscribed: true, created: true });
    expectFields(
      await session.call('post', '/api/subscribe', '/api/subscribe', {
        body: { endpoint: 'https://push.example.test/x', keys: { p256dh: 'bad', auth: 'bad' } },
      }),
      'keys.p256dh',
      'keys.auth',
    );
    // The cheapest Swiss offer is CHF 279.00: a target of CHF 260.00 waits.
    const created = await session.call('post', '/api/alerts?locale=de-ch', '/api/alerts', {
      body: {
        product_id: headphones.productId,
        kind: 'target_price',
        target_price: { amount: 26_000, currency: 'CHF' },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      fired_on_creation: false,
      data: { country: 'CH', state: 'armed', last_price: { amount: 27_900, currency: 'CHF' } },
    });
    expectFields(
      await session.call('post', '/api/alerts', '/api/alerts', {
        body: { product_id: headphones.productId, kind: 'sometimes' },
      }),
      'kind',
    );
    const alertId = created.body.data.id as string;

    await platform.observe([drop(catalogue.shopIds.alpenhaus, 25_000)]);
    const [message] = await push.waitFor(subscription.id, 1, 30_000);
    // Titled by the product's name (ADR 150).
    expect(JSON.parse(message?.payload ?? '{}')).toMatchObject({
      title: `Price alert: ${headphones.name}`,
      body: 'The price is now CHF 250.00 (your target: CHF 260.00).',
      url: `/en-ch/products/${headphones.productId}`,
    });
    // The push is sent before its delivery is recorded: wait for the record, not for the push.
    const firings = await eventually('the firing to record its delivery', async () => {
      const answer = await session.call('get', `/api/alerts/${alertId}/firings`, '/api/alerts/{id}/firings');
      return answer.body.data?.[0]?.delivery === 'pending' ? undefined : answer;
    });
    expect(firings.body.data).toEqual([
      expect.objectContaining({
        price: { amount: 25_000, currency: 'CHF' },
        previous_price: { amount: 27_900, currency: 'CHF' },
        delivery: 'delivered',
      }),
    ]);
    await platform.observe([drop(catalogue.shopIds.alpenhaus, 24_000)]);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(push.received(subscription.id)).toHaveLength(1);
    expect((await session.call('get', `/api/alerts/${alertId}`, '/api/alerts/{id}')).body.data.state).toBe('fired');
    const log = await session.call('get', '/api/notifications', '/api/notifications');
    expect(log.body.data[0]).toMatchObject({ channel: 'push', status: 'delivered', delivered: 1 });
    const intruder = await signedIn('intruder@example.test');
    expect((await intruder.call('get', `/api/alerts/${alertId}`, '/api/alerts/{id}')).status).toBe(404);
    expect((await intruder.call('delete', `/api/alerts/${alertId}`, '/api/alerts/{id}')).status).toBe(404);
    const paused = await session.call('patch', `/api/alerts/${alertId}`, '/api/alerts/{id}', {
      body: { state: 'paused' },
    });
    expect(paused.body.data.state).toBe('paused');
    expect((await session.call('get', '/api/alerts?state=paused', '/api/alerts')).body.meta.total).toBe(1);
    expectFields(await session.call('get', '/api/alerts?state=gone', '/api/alerts'), 'state');
    expect((await session.call('delete', `/api/alerts/${alertId}`, '/api/alerts/{id}')).status).toBe(204);
    expect(
      (
        await session.call('post', '/api/unsubscribe', '/api/unsubscribe', {
          body: { endpoint: subscription.endpoint },
        })
      ).body,
    ).toEqual({ removed: true });
  });

  it('sends the test widget’s message to the signed-in user’s own browsers of a username', async () => {
    const session = await signedIn('widget@example.test');
    const { publicKey } = (await session.call('get', '/api/vapid-public-key', '/api/vapid-public-key')).body;
    const subscription = push.subscribe(publicKey);
    await session.call('post', '/api/subscribe', '/api/subscribe', {
      body: { endpoint: subscription.endpoint, keys: subscription.keys, username: 'widget-user' },
    });
    const sent = await session.call('post', '/api/notify', '/api/notify', {
      body: { username: 'widget-user', message: 'Hello!' },
    });
    expect(sent.body).toEqual({ sent: true, delivered: 1, failed: 0 });
    expect(JSON.parse((await push.waitFor(subscription.id))[0]?.payload ?? '{}')).toMatchObject({ body: 'Hello!' });
    expect(
      (
        await session.call('post', '/api/notify', '/api/notify', {
          body: { username: 'nobody-subscribed', message: 'Hi' },
        })
      ).status,
    ).toBe(404);
    expectFields(
      await session.call('post', '/api/notify', '/api/notify', { body: { username: '', message: '' } }),
      'username',
      'message',
    );
  });
});
