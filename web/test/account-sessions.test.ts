import { startAccountSite, type AccountSite } from './account-site';
import type { BrowserSession } from './browser-session';
import { renderSitePage } from './site-page';

/**
 * "Where you are signed in" on the account page (ADR 149) over the real services, each started
 * from its app.ts: Anna signs in on a laptop and a phone, Bruno on his own. The laptop's page lists
 * both of Anna's browsers by name, itself marked and first, none of Bruno's;
 * signing the phone out there signs it out (its next call is a visitor's), signing out everywhere
 * else ends all but the laptop; another user's session cannot be ended from Anna's page.
 */

type AccountRoute = typeof import('~/routes/account._index');

const SITE = 'http://site.test';
const LAPTOP_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let site: AccountSite;
let accountRoute: AccountRoute;

const cookieOf = (session: BrowserSession) =>
  [...session.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');

/** A browser signed in as `email` (already registered) sending `agent`. */
async function signedInAs(email: string, agent: string): Promise<BrowserSession> {
  const browser = site.browser();
  const headers = { 'user-agent': agent };
  await browser.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie', { headers });
  const login = await browser.call('post', '/auth/login', '/auth/login', {
    body: { email, password: 'secret-pass' },
    headers,
  });
  expect(login.status).toBe(200);
  return browser;
}

const accountRequest = (browser: BrowserSession, init: RequestInit = {}) =>
  new Request(`${SITE}/account`, { ...init, headers: { cookie: cookieOf(browser), ...init.headers } });

/** The account page's data for a browser (its loader, as Remix calls it). */
async function accountData(browser: BrowserSession) {
  const answer = await accountRoute.loader({ request: accountRequest(browser), params: {}, context: {} });
  return (answer as unknown as { data: Awaited<ReturnType<AccountRoute['loader']>>['data'] }).data;
}

/** Posts one of the account page's forms as the page does (its CSRF field, its intent). */
async function postForm(browser: BrowserSession, intent: string, fields: Record<string, string> = {}) {
  const { csrf } = await accountData(browser);
  const answer = await accountRoute.action({
    request: accountRequest(browser, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: csrf, intent, ...fields }).toString(),
    }),
    params: {},
    context: {},
  });
  return answer as unknown as { init: { status?: number } | null; data: { done?: { key: string } } };
}

/** Whether the browser is still signed in (the session boot of spec §7). */
const signedIn = async (browser: BrowserSession) =>
  (await browser.call('post', '/auth/user', '/auth/user')).status === 200;

let laptop: BrowserSession;
let phone: BrowserSession;
let bruno: BrowserSession;

beforeAll(async () => {
  site = await startAccountSite();
  accountRoute = await import('~/routes/account._index');
  await import('~/i18n/messages.server');
  // Registered (and signed in once) by the site's own forms; then a laptop and a phone.
  await site.signedIn('anna@sessions.test');
  await site.signedIn('bruno@sessions.test');
  phone = await signedInAs('anna@sessions.test', PHONE_AGENT);
  laptop = await signedInAs('anna@sessions.test', LAPTOP_AGENT);
  bruno = await signedInAs('bruno@sessions.test', PHONE_AGENT);
});

afterAll(async () => {
  await site?.platform.stop();
});

describe('where you are signed in', () => {
  it('lists every browser signed in to the account, this one first and marked, by name', async () => {
    const html = await renderSitePage(accountRoute, 'account', accountRequest(laptop));
    expect(html).toContain('<h2 id="sessions-heading">Where you are signed in</h2>');
    const section = html.slice(html.indexOf('id="sessions-heading"'), html.indexOf('id="notifications-heading"'));
    const rows = section.split('<li class="session-item">').slice(1);
    // The laptop, the phone, and the first sign-in of the registration (no browser named).
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/<strong>Chrome on Windows<\/strong><span class="badge">This browser<\/span>/);
    expect(rows[0]).not.toContain('Sign out');
    expect(rows[0]).toMatch(/Last active \d{1,2} \w+ \d{4}, \d\d:\d\d UTC · signed in /);
    expect(rows[1]).toContain('<strong>Safari on iOS</strong>');
    expect(rows[1]).toContain('aria-label="Sign out Safari on iOS"');
    expect(rows[2]).toContain('<strong>Unknown browser</strong>');
    expect(section).toContain('Sign out everywhere else');
  });

  it("signs one browser out from another: the phone's next call is a visitor's, the laptop stays", async () => {
    const { sessions } = await accountData(laptop);
    const phoneSession = sessions.find((session) => session.device.system === 'iOS');
    expect(phoneSession).toBeDefined();
    expect(await signedIn(phone)).toBe(true);
    const answer = await postForm(laptop, 'endSession', { session_id: phoneSession?.id ?? '' });
    expect(answer.data.done?.key).toBe('account.sessionEnded');
    expect([await signedIn(phone), await signedIn(laptop)]).toEqual([false, true]);
    expect((await accountData(laptop)).sessions.map((session) => session.id)).not.toContain(phoneSession?.id);
    // Asked again (a second click, another tab): it is signed out, which is what was asked.
    expect((await postForm(laptop, 'endSession', { session_id: phoneSession?.id ?? '' })).data.done?.key).toBe(
      'account.sessionEnded',
    );
  });

  it("never ends another user's session, and refuses a form without a session, naming the field", async () => {
    const [brunos] = (await accountData(bruno)).sessions;
    await postForm(laptop, 'endSession', { session_id: brunos?.id ?? '' });
    expect(await signedIn(bruno)).toBe(true);
    const empty = (await postForm(laptop, 'endSession', { session_id: ' ' })) as unknown as {
      init: { status: number };
      data: { errors: Record<string, string> };
    };
    expect([empty.init.status, empty.data.errors]).toEqual([400, { session_id: 'validation.required' }]);
  });

  it('signs out everywhere else: only this browser stays', async () => {
    const again = await signedInAs('anna@sessions.test', PHONE_AGENT);
    expect((await accountData(laptop)).sessions.length).toBeGreaterThanOrEqual(3);
    const answer = await postForm(laptop, 'endOtherSessions');
    expect(answer.data.done?.key).toBe('account.otherSessionsEnded');
    expect([await signedIn(again), await signedIn(laptop)]).toEqual([false, true]);
    const { sessions } = await accountData(laptop);
    expect(sessions.map((session) => [session.device.browser, session.current])).toEqual([['Chrome', true]]);
    const html = await renderSitePage(accountRoute, 'account', accountRequest(laptop));
    expect(html).not.toContain('Sign out everywhere else');
  });
});
