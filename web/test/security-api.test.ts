import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import type { MailBox } from '@pc/kit/testing/outbox-mail';
import { LocalPushService } from '../../services/notifications/src/push/local-push-service';
import { registration, startAccountSite, type AccountSite } from './account-site';
import type { BrowserSession } from './browser-session';
import type { Catalogue } from './platform-fixture';

/**
 * The findings of issue 43 that need the services behind the site, each through the site's real
 * request handling (Remix's handler for the API; the login page's own loader and action), with
 * accounts, notifications and catalog started from their app.ts. Each test names its finding.
 */

type Route = {
  loader: (args: LoaderFunctionArgs) => Promise<unknown>;
  action: (args: ActionFunctionArgs) => Promise<unknown>;
};

let site: AccountSite;
let handle: (request: Request) => Promise<Response>;
let loginPage: Route;
let catalogue: Catalogue;
let push: LocalPushService;
let mail: MailBox;

const browser = () => site.browser();
const signedIn = (email: string) => site.signedIn(email);

const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((error) => error.field);

beforeAll(async () => {
  site = await startAccountSite();
  ({ handle, catalogue, mail } = site);
  loginPage = (await import('~/routes/$locale.login')) as unknown as Route;
  push = await LocalPushService.start();
}, 180_000);

afterAll(async () => {
  await push?.close();
  await site?.platform.stop();
});

describe('open redirects after sign-in', () => {
  /** The login page as a browser without JavaScript uses it: GET for the form and its CSRF cookie, then POST. */
  async function logInOnPage(email: string, redirectTarget: string): Promise<Response> {
    const page = (await loginPage.loader({
      request: new Request(`http://site.test/de-ch/login?redirect=${encodeURIComponent(redirectTarget)}`),
      params: { locale: 'de-ch' },
      context: {},
    })) as { data: { csrf: string; redirect: string }; init: { headers: Record<string, string> } | null };
    const cookie = `XSRF-TOKEN=${encodeURIComponent(page.data.csrf)}`;
    const form = new URLSearchParams({
      _csrf: page.data.csrf,
      email,
      password: 'secret-pass',
      redirect: page.data.redirect,
    });
    const request = new Request('http://site.test/de-ch/login', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    return (await loginPage.action({ request, params: { locale: 'de-ch' }, context: {} })) as Response;
  }

  it('finding: /{locale}/login?redirect=/%09/evil.example answered `Location: /\\t/evil.example` after sign-in; now the locale’s home', async () => {
    // Sign-in is throttled per address (5 a minute): one account per attempt.
    const targets = ['/\t/evil.example', '/\\evil.example', '//evil.example', '/%0Aevil'];
    for (const [i, target] of targets.entries()) {
      await signedIn(`redirect-${i}@example.test`);
      const answer = await logInOnPage(`redirect-${i}@example.test`, target);
      expect([target, answer.status, answer.headers.get('Location')]).toEqual([target, 302, '/de-ch']);
    }
    await signedIn('redirect-kept@example.test');
    const kept = await logInOnPage('redirect-kept@example.test', '/de-ch/favourites/all?page=2');
    expect(kept.headers.get('Location')).toBe('/de-ch/favourites/all?page=2');
  });
});

describe('CSRF tokens', () => {
  it('finding: the CSRF token was not bound to the session; now one minted for another session is refused', async () => {
    const anna = await signedIn('csrf.anna@example.test');
    const ben = await signedIn('csrf.ben@example.test');
    const annasToken = anna.cookies.get('XSRF-TOKEN') ?? '';
    // A planted cookie (a sibling host can set one) with the matching field: a signed token, but Anna's.
    ben.cookies.set('XSRF-TOKEN', annasToken);
    const forged = await ben.call('post', '/api/favourites', '/api/favourites', { body: { name: 'Planted' } });
    expect(forged.status).toBe(419);
    expect((await anna.call('post', '/api/favourites', '/api/favourites', { body: { name: 'Own' } })).status).toBe(201);
  });

  it('finding: the CSRF token was not rotated at sign-in; now the one from before stops working', async () => {
    await signedIn('csrf.rotate@example.test');
    const session = browser();
    await session.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    const before = session.cookies.get('XSRF-TOKEN') ?? '';
    const login = await session.call('post', '/auth/login', '/auth/login', {
      body: { email: 'csrf.rotate@example.test', password: 'secret-pass' },
    });
    const after = session.cookies.get('XSRF-TOKEN') ?? '';
    expect(login.setCookies.some((line) => line.startsWith('XSRF-TOKEN='))).toBe(true);
    expect(after).not.toBe(before);
    session.cookies.set('XSRF-TOKEN', before);
    expect(
      (await session.call('post', '/api/favourites', '/api/favourites', { body: { name: 'Old token' } })).status,
    ).toBe(419);
    session.cookies.set('XSRF-TOKEN', after);
    expect(
      (await session.call('post', '/api/favourites', '/api/favourites', { body: { name: 'New token' } })).status,
    ).toBe(201);
    // Logging out rotates it too: the signed-in token does not outlive the session.
    await session.call('post', '/auth/logout', '/auth/logout');
    expect(session.cookies.get('XSRF-TOKEN')).not.toBe(after);
  });
});

describe('registration', () => {
  it('finding: registration answered 409 EMAIL_TAKEN (enumeration); now the same 202 for a taken address, whose owner is mailed', async () => {
    const first = browser();
    await first.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    const created = await first.call('post', '/auth/register', '/auth/register', {
      body: registration('owner@example.test', { name: 'Olivia Owner' }),
    });
    const second = browser();
    await second.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    const taken = await second.call('post', '/auth/register', '/auth/register', {
      body: registration('OWNER@example.test', {
        name: 'Mallory',
        password: 'other-pass',
        password_confirmation: 'other-pass',
      }),
    });
    expect([taken.status, taken.body]).toEqual([created.status, created.body]);
    expect(taken.status).toBe(202);
    for (const session of [first, second]) expect(session.cookies.has('pc_session')).toBe(false);
    expect(mail.latest('owner@example.test', 'already-registered')?.text).toContain('Hello Olivia Owner,');
    expect(
      (
        await second.call('post', '/auth/login', '/auth/login', {
          body: { email: 'owner@example.test', password: 'other-pass' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('e-mail change', () => {
  it('finding: the e-mail changed without the password and without notice; now it needs the password and the old address can undo it', async () => {
    const session = await signedIn('mine@example.test');
    const change = (extra: Record<string, unknown>) =>
      session.call('patch', '/api/account', '/api/account', { body: { email: 'taken-over@example.test', ...extra } });
    expect(fieldsOf((await change({})).body)).toEqual(['current_password']);
    expect((await change({ current_password: 'wrong-pass' })).body).toMatchObject({ reason: 'INVALID_CREDENTIALS' });
    expect((await session.call('post', '/auth/user', '/auth/user')).body.email).toBe('mine@example.test');
    expect((await change({ current_password: 'secret-pass' })).body).toMatchObject({
      email: 'taken-over@example.test',
      email_verified: false,
    });
    const undo = mail.link('mine@example.test', 'email-changed');
    const undone = await browser().call('get', `${undo.pathname}${undo.search}`, '/auth/undo-email-change');
    expect([undone.status, undone.headers.get('Location')]).toEqual([302, '/en-ch/login?restored=1']);
    // Whoever changed it is signed out; the old password is gone; the owner got a reset link.
    expect((await session.call('post', '/auth/user', '/auth/user')).status).toBe(204);
    const relogin = browser();
    await relogin.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    expect(
      (
        await relogin.call('post', '/auth/login', '/auth/login', {
          body: { email: 'mine@example.test', password: 'secret-pass' },
        })
      ).status,
    ).toBe(401);
    expect(mail.link('mine@example.test', 'password-reset').pathname).toBe('/reset-password');
    const again = await browser().call('get', `${undo.pathname}${undo.search}`, '/auth/undo-email-change');
    expect(again.headers.get('Location')).toBe('/en-ch/login?restored=0');
  });
});

describe('web push', () => {
  async function browserOf(session: BrowserSession, username = '') {
    const { publicKey } = (await session.call('get', '/api/vapid-public-key', '/api/vapid-public-key')).body;
    const subscription = push.subscribe(publicKey);
    const answer = await session.call('post', '/api/subscribe', '/api/subscribe', {
      body: { endpoint: subscription.endpoint, keys: subscription.keys, username },
    });
    return { subscription, answer };
  }

  it('finding: anonymous POST /api/subscribe took any endpoint (10.0.0.1, 169.254.169.254, any port); now sign-in and a public https push service on 443', async () => {
    const visitor = browser();
    await visitor.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    const { publicKey } = (await visitor.call('get', '/api/vapid-public-key', '/api/vapid-public-key')).body;
    const keys = push.subscribe(publicKey).keys;
    expect(
      (
        await visitor.call('post', '/api/subscribe', '/api/subscribe', {
          body: { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys },
        })
      ).status,
    ).toBe(401);
    const session = await signedIn('push.ssrf@example.test');
    for (const endpoint of [
      'https://10.0.0.1/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::ffff:127.0.0.1]/x',
      'https://push.example.test:8443/x',
    ]) {
      const refused = await session.call('post', '/api/subscribe', '/api/subscribe', { body: { endpoint, keys } });
      expect([endpoint, refused.status, fieldsOf(refused.body)]).toEqual([endpoint, 400, ['endpoint']]);
    }
  });

  it('finding: re-subscribing an endpoint overwrote its owner and unsubscribe had no ownership check; now the endpoint stays its owner’s', async () => {
    const owner = await signedIn('push.owner@example.test');
    const other = await signedIn('push.other@example.test');
    const { subscription } = await browserOf(owner, 'owner-phone');
    const takeover = await other.call('post', '/api/subscribe', '/api/subscribe', {
      body: { endpoint: subscription.endpoint, keys: subscription.keys, username: 'mine' },
    });
    expect([takeover.status, takeover.body.reason]).toEqual([403, 'ENDPOINT_OF_ANOTHER_USER']);
    expect(
      (await other.call('post', '/api/unsubscribe', '/api/unsubscribe', { body: { endpoint: subscription.endpoint } }))
        .body,
    ).toEqual({ removed: false });
    expect(
      (
        await owner.call('post', '/api/notify', '/api/notify', {
          body: { username: 'owner-phone', message: 'still mine' },
        })
      ).body,
    ).toEqual({ sent: true, delivered: 1, failed: 0 });
  });

  it('finding: the test widget pushed any text to any username and 404 NO_SUBSCRIPTION told which exist; now only the caller’s own browsers', async () => {
    const victim = await signedIn('push.victim@example.test');
    const mallory = await signedIn('push.mallory@example.test');
    const { subscription } = await browserOf(victim, 'victim');
    const known = await mallory.call('post', '/api/notify', '/api/notify', {
      body: { username: 'victim', message: 'pwned' },
    });
    const unknown = await mallory.call('post', '/api/notify', '/api/notify', {
      body: { username: 'no-such-user-anywhere', message: 'pwned' },
    });
    expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
    expect(known.status).toBe(404);
    expect(push.received(subscription.id)).toEqual([]);
    const anonymous = browser();
    await anonymous.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    expect(
      (await anonymous.call('post', '/api/notify', '/api/notify', { body: { username: 'victim', message: 'pwned' } }))
        .status,
    ).toBe(401);
  });
});

describe('validation gaps: accepted but wrong', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await signedIn('gaps@example.test');
  });

  const state = async () => ({
    lists: (await session.call('get', '/api/favourites', '/api/favourites')).body,
    alerts: (await session.call('get', '/api/alerts', '/api/alerts')).body,
    viewed: (await session.call('get', '/api/recently-viewed', '/api/recently-viewed')).body,
  });

  it('finding: a favourite of a product that does not exist was accepted; now 400 and nothing kept', async () => {
    const before = await state();
    const answer = await session.call('post', '/api/favourites/default/items', '/api/favourites/{list}/items', {
      body: { product_id: 'nosuchproduct1' },
    });
    expect([answer.status, answer.body.errors]).toEqual([
      400,
      [{ field: 'product_id', reason: 'no such product', rule: 'exists' }],
    ]);
    expect(await state()).toEqual(before);
  });

  it('finding: an alert for a product that does not exist, in country ZZ, or in a currency the country has no offers in was accepted; now 400 and nothing kept', async () => {
    const { earbuds } = catalogue.products;
    const before = await state();
    const create = (body: Record<string, unknown>) =>
      session.call('post', '/api/alerts', '/api/alerts', {
        body: { kind: 'target_price', target_price: { amount: 10_000, currency: 'CHF' }, ...body },
      });
    expect(fieldsOf((await create({ product_id: 'nosuchproduct1' })).body)).toEqual(['product_id']);
    expect(fieldsOf((await create({ product_id: earbuds.productId, country: 'ZZ' })).body)).toEqual(['country']);
    // The earbuds have offers in CH only: a GB alert must still be in pounds.
    const currency = await create({ product_id: earbuds.productId, country: 'GB' });
    expect([currency.status, fieldsOf(currency.body)]).toEqual([400, ['target_price.currency']]);
    expect(await state()).toEqual(before);
    expect(
      (
        await create({
          product_id: earbuds.productId,
          country: 'GB',
          target_price: { amount: 10_000, currency: 'GBP' },
        })
      ).status,
    ).toBe(201);
  });

  it('finding: a recently viewed id `<script>` was accepted; now 400 and nothing kept', async () => {
    const before = await state();
    const answer = await session.call('post', '/api/recently-viewed', '/api/recently-viewed', {
      body: { product_id: '<script>' },
    });
    expect([answer.status, fieldsOf(answer.body)]).toEqual([400, ['product_id']]);
    expect(await state()).toEqual(before);
  });
});

describe('body limits behind the edge', () => {
  it('finding: a 12 MB JSON body was read and parsed before the 400; a route now stops reading past 64 KB and answers 413', async () => {
    const session = await signedIn('limits@example.test');
    let pulled = 0;
    const chunk = new TextEncoder().encode(`{"name":"${'x'.repeat(64 * 1024)}`);
    // A body of unknown length (the edge refuses those; a route must not trust that it does).
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 12 * 1024 * 1024) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const headers = {
      cookie: [...session.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; '),
      'x-xsrf-token': session.cookies.get('XSRF-TOKEN') ?? '',
      'content-type': 'application/json',
    };
    const answer = await handle(
      new Request('http://site.test/api/favourites', { method: 'POST', headers, body, duplex: 'half' } as RequestInit),
    );
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ error: 'the request body may be at most 65536 bytes' });
    expect(pulled).toBeLessThan(512 * 1024);
  });
});
