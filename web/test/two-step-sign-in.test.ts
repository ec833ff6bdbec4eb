import { startAccountSite, type AccountSite } from './account-site';
import { AuthenticatorApp } from './authenticator-app';
import { PageVisitor, type PageAnswer, type PageRoute } from './page-visitor';
import { renderSitePage } from './site-page';

/**
 * Two-step sign-in (ADR 153) over the real services, each started from its app.ts. The account
 * page's forms set it up (the key read from the answer, codes computed as a phone's app does);
 * then the login page, the login API and a password reset each ask for the app's code before
 * anything is signed in, the challenge only in an httpOnly cookie; a wrong code says so with the
 * attempts left, a recovery code signs in once, and turning it off makes sign-in one step again.
 */

const PASSWORD = 'secret-pass';
const TARGET = '/en-ch/favourites';
const CODE_PAGE = `/en-ch/login/two-step?redirect=${encodeURIComponent(TARGET)}`;
const EN_CH = { locale: 'en-ch' };

let site: AccountSite;
let accountRoute: PageRoute & typeof import('~/routes/account._index');
let loginRoute: PageRoute;
let codeRoute: PageRoute & typeof import('~/routes/$locale.login_.two-step');
let resetRoute: PageRoute;

/** A registered user (signed in once by the site's own forms) on the site's pages. */
async function registered(email: string): Promise<PageVisitor> {
  return new PageVisitor(await site.signedIn(email));
}

/** Posts one of the account page's forms. */
const accountForm = (visitor: PageVisitor, intent: string, fields: Record<string, string> = {}) =>
  visitor.post(accountRoute, '/account', {}, { intent, ...fields });

/** Sets two-step sign-in up on the account page: the key of the start's answer into the app, its first code. */
async function setUp(visitor: PageVisitor): Promise<{ app: AuthenticatorApp; recoveryCodes: string[] }> {
  const started = await accountForm(visitor, 'twoStepStart', { password: PASSWORD });
  const app = new AuthenticatorApp(started.data.shown.setup.secretGroups.join(''));
  const confirmed = await accountForm(visitor, 'twoStepConfirm', { code: await app.nextCode() });
  expect(confirmed.data.done).toEqual({ key: 'twoStep.turnedOn' });
  return { app, recoveryCodes: confirmed.data.shown.recoveryCodes };
}

/** A new browser's password on the login page, with the target to come back to. */
async function logInOnPage(email: string): Promise<{ visitor: PageVisitor; answer: PageAnswer }> {
  const visitor = new PageVisitor(site.browser());
  const answer = await visitor.post(loginRoute, `/en-ch/login?redirect=${encodeURIComponent(TARGET)}`, EN_CH, {
    email,
    password: PASSWORD,
    redirect: TARGET,
  });
  return { visitor, answer };
}

/** The code page's form, sent as the page sends it. */
const sendCode = (visitor: PageVisitor, code: string, path = CODE_PAGE) =>
  visitor.post(codeRoute, path, EN_CH, {
    code,
    redirect: new URL(path, 'http://x').searchParams.get('redirect') ?? '',
  });

/** Whether the browser is signed in (the session boot of spec §7), and as whom. */
async function signedInAs(visitor: PageVisitor): Promise<string | null> {
  const boot = await visitor.browser.call('post', '/auth/user', '/auth/user');
  return boot.status === 200 ? (boot.body.email as string) : null;
}

const cookieLine = (answer: PageAnswer | { setCookies: string[] }, name: string) =>
  answer.setCookies.find((line) => line.startsWith(`${name}=`));

const renderAccount = (visitor: PageVisitor, path = '/account') =>
  renderSitePage(accountRoute, 'account', visitor.request(path));

/** The text between two headings of a page (one section). */
const between = (html: string, from: string, to: string) => html.slice(html.indexOf(from), html.indexOf(to));

let rosa: { app: AuthenticatorApp; recoveryCodes: string[] };
let uli: { app: AuthenticatorApp };
let rita: { app: AuthenticatorApp };

beforeAll(async () => {
  site = await startAccountSite();
  accountRoute = await import('~/routes/account._index');
  loginRoute = await import('~/routes/$locale.login');
  codeRoute = await import('~/routes/$locale.login_.two-step');
  resetRoute = await import('~/routes/reset-password');
  await import('~/i18n/messages.server');
  // Users with two-step sign-in on from the start, each with the app of their own.
  const setUpUser = async (email: string) => setUp(await registered(email));
  [rosa, uli, rita] = await Promise.all([
    setUpUser('rosa@two-step.test'),
    setUpUser('uli@two-step.test'),
    setUpUser('rita@two-step.test'),
  ]);
}, 120_000);

afterAll(async () => {
  await site?.platform.stop();
});

describe('two-step sign-in on the account page', () => {
  let tina: PageVisitor;
  let tinaApp: AuthenticatorApp;
  let tinaCodes: string[];

  it('sets it up: the password, then the QR code and the key, then a code from the app; the recovery codes once', async () => {
    tina = await registered('tina@two-step.test');
    const off = await renderAccount(tina);
    // After "where you are signed in", before notifications.
    const section = between(off, 'id="two-step-heading"', 'id="notifications-heading"');
    expect(off.indexOf('id="sessions-heading"')).toBeLessThan(off.indexOf('id="two-step-heading"'));
    expect(section).toContain('Two-step sign-in is off.');
    expect(section).toContain('>Set up</button>');

    const wrongPassword = await accountForm(tina, 'twoStepStart', { password: 'not-my-password' });
    expect([wrongPassword.status, wrongPassword.data.error]).toEqual([401, { key: 'account.wrongPassword' }]);
    const noPassword = await accountForm(tina, 'twoStepStart', { password: '' });
    expect([noPassword.status, noPassword.data.errors]).toEqual([400, { password: 'validation.required' }]);

    const started = await accountForm(tina, 'twoStepStart', { password: PASSWORD });
    expect([started.status, started.data.done]).toEqual([200, { key: 'twoStep.setupStarted' }]);
    const { qrSvg, secretGroups } = started.data.shown.setup as { qrSvg: string; secretGroups: string[] };
    expect(qrSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    expect(secretGroups.length).toBeGreaterThanOrEqual(8);
    expect(secretGroups.every((group) => /^[A-Z2-7]{1,4}$/.test(group))).toBe(true);
    const secret = secretGroups.join('');
    // The secret is in that answer only: no cookie holds it, and the answer is not cached.
    expect(started.headers.get('Cache-Control')).toBe('no-store');
    expect(started.setCookies.join('\n')).not.toContain(secret);
    expect([...tina.browser.cookies.values()].join('\n')).not.toContain(secret);
    tinaApp = new AuthenticatorApp(secret);

    const mistyped = await accountForm(tina, 'twoStepConfirm', { code: '12345' });
    expect([mistyped.status, mistyped.data.errors]).toEqual([400, { code: 'twoStep.codeFormat' }]);
    const wrong = await accountForm(tina, 'twoStepConfirm', { code: tinaApp.wrongCode() });
    expect(wrong.status).toBe(401);
    expect(wrong.data.error.key).toMatch(/^twoStep\.wrongCode/);

    const confirmed = await accountForm(tina, 'twoStepConfirm', { code: await tinaApp.nextCode() });
    expect([confirmed.status, confirmed.data.done]).toEqual([200, { key: 'twoStep.turnedOn' }]);
    expect(confirmed.headers.get('Cache-Control')).toBe('no-store');
    tinaCodes = confirmed.data.shown.recoveryCodes;
    expect(tinaCodes).toHaveLength(10);
    expect(tinaCodes.every((code) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(code))).toBe(true);

    // The page says it is on; the recovery codes are not on it again.
    const on = between(await renderAccount(tina), 'id="two-step-heading"', 'id="notifications-heading"');
    expect(on).toMatch(/On since \d{1,2} \w+ \d{4}\. Recovery codes left: 10\./);
    expect(on).toContain('>New recovery codes</button>');
    expect(on).toContain('>Turn off</button>');
    expect(on).not.toContain(tinaCodes[0]);
    const again = await accountForm(tina, 'twoStepStart', { password: PASSWORD });
    expect([again.status, again.data.error]).toEqual([422, { key: 'twoStep.alreadyOn' }]);
  }, 60_000);

  it('asks for the code after the password on the login page, says a wrong code, and signs in with the right one', async () => {
    const { visitor, answer } = await logInOnPage('tina@two-step.test');
    expect([answer.status, answer.location]).toEqual([302, CODE_PAGE]);
    // The challenge waits in an httpOnly cookie of at most five minutes; nothing is signed in yet.
    const challenge = cookieLine(answer, 'pc_two_step') ?? '';
    expect(challenge).toMatch(/; HttpOnly/);
    expect(challenge).toMatch(/; SameSite=Lax/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(challenge)?.[1]);
    expect(maxAge).toBeGreaterThan(200);
    expect(maxAge).toBeLessThanOrEqual(300);
    expect(cookieLine(answer, 'pc_session')).toBeUndefined();
    expect(await signedInAs(visitor)).toBeNull();

    const token = visitor.browser.cookies.get('pc_two_step') ?? '';
    expect(token).not.toBe('');
    const page = await renderSitePage(codeRoute, ':locale/login/two-step', visitor.request(CODE_PAGE));
    expect(page).toContain('<h1>Two-step sign-in</h1>');
    expect(page).toContain('enter the six-digit code it shows for pricecompare.');
    // A phone offers the code it received; no number pad, since a recovery code holds letters.
    const field = /<input id="two-step-code"[^>]*>/.exec(page)?.[0] ?? '';
    expect(field).toContain('autoComplete="one-time-code"');
    expect(field).not.toContain('inputMode');
    expect(page).toContain('Lost your phone? Enter one of your recovery codes instead');
    expect(page).not.toContain(token);

    const mistyped = await sendCode(visitor, '12 34');
    expect([mistyped.status, mistyped.data.errors]).toEqual([400, { code: 'twoStep.codeOrRecoveryFormat' }]);
    const wrong = await sendCode(visitor, tinaApp.wrongCode());
    expect(wrong.status).toBe(401);
    expect(wrong.data.error).toEqual({ key: 'twoStep.wrongCodeAttempts', values: { count: expect.any(Number) } });
    expect(wrong.data.error.values.count).toBeGreaterThan(0);
    expect(await signedInAs(visitor)).toBeNull();

    const right = await sendCode(visitor, await tinaApp.nextCode());
    expect([right.status, right.location]).toEqual([302, TARGET]);
    expect(cookieLine(right, 'pc_session')).toMatch(/; HttpOnly/);
    expect(cookieLine(right, 'pc_two_step')).toMatch(/Max-Age=0/);
    expect(await signedInAs(visitor)).toBe('tina@two-step.test');
    tina = visitor;
  }, 60_000);

  it('turns off with the password and a code (a recovery code for a lost phone); then signing in is one step again', async () => {
    // A recovery code does not renew the recovery codes: the app's code does.
    const renewMistyped = await accountForm(tina, 'twoStepRenew', { code: tinaCodes[0] ?? '' });
    expect([renewMistyped.status, renewMistyped.data.errors]).toEqual([400, { code: 'twoStep.codeFormat' }]);
    const wrongPassword = await accountForm(tina, 'twoStepOff', { password: 'not-mine', code: tinaCodes[0] ?? '' });
    expect([wrongPassword.status, wrongPassword.data.error]).toEqual([401, { key: 'account.wrongPassword' }]);
    const off = await accountForm(tina, 'twoStepOff', { password: PASSWORD, code: tinaCodes[0] ?? '' });
    expect([off.status, off.data.done]).toEqual([200, { key: 'twoStep.turnedOff' }]);
    const section = between(await renderAccount(tina), 'id="two-step-heading"', 'id="notifications-heading"');
    expect(section).toContain('Two-step sign-in is off.');
    expect(section).toContain('>Set up</button>');
    const twice = await accountForm(tina, 'twoStepOff', { password: PASSWORD, code: tinaCodes[1] ?? '' });
    expect([twice.status, twice.data.error]).toEqual([422, { key: 'twoStep.alreadyOff' }]);

    const { visitor, answer } = await logInOnPage('tina@two-step.test');
    expect([answer.status, answer.location]).toEqual([302, TARGET]);
    expect(cookieLine(answer, 'pc_two_step')).toBeUndefined();
    expect(await signedInAs(visitor)).toBe('tina@two-step.test');
  });
});

describe('recovery codes', () => {
  it('sign in once each, landing on the account page that says how many are left; a used one never again', async () => {
    const [first = '', second = ''] = rosa.recoveryCodes;
    const { visitor } = await logInOnPage('rosa@two-step.test');
    // As written on paper: upper case, a space for the dash.
    const signedIn = await sendCode(visitor, first.toUpperCase().replace('-', ' '));
    expect([signedIn.status, signedIn.location]).toEqual([302, '/account?two_step=recovery#two-step']);
    expect(await signedInAs(visitor)).toBe('rosa@two-step.test');
    const landing = await visitor.load(accountRoute, '/account?two_step=recovery', {});
    expect(landing.data.notice).toEqual({ done: { key: 'twoStep.recoveryUsed', values: { count: 9 } } });
    const html = await renderAccount(visitor, '/account?two_step=recovery');
    expect(html).toContain('You signed in with a recovery code. Recovery codes left: 9.');

    const { visitor: again } = await logInOnPage('rosa@two-step.test');
    const reused = await sendCode(again, first);
    expect(reused.status).toBe(401);
    expect(reused.data.error.key).toMatch(/^twoStep\.wrongCode/);
    expect(await signedInAs(again)).toBeNull();
    expect((await sendCode(again, second)).location).toBe('/account?two_step=recovery#two-step');
  });
});

describe('the login API', () => {
  it('answers 202 with the code page for the password, then POST auth/two-step signs in with the code', async () => {
    const browser = site.browser();
    await browser.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    const login = await browser.call('post', '/auth/login', '/auth/login', {
      body: { email: 'uli@two-step.test', password: PASSWORD, redirect: '/de-ch/favourites' },
    });
    expect([login.status, login.body]).toEqual([
      202,
      { two_step_required: true, path: '/de-ch/login/two-step?redirect=%2Fde-ch%2Ffavourites' },
    ]);
    const token = browser.cookies.get('pc_two_step') ?? '';
    expect(token).not.toBe('');
    // httpOnly (the page's scripts never see it) and in no body; no session yet.
    expect(browser.scriptVisible.has('pc_two_step')).toBe(false);
    expect(JSON.stringify(login.body)).not.toContain(token);
    expect(browser.cookies.has('pc_session')).toBe(false);

    const mistyped = await browser.call('post', '/auth/two-step', '/auth/two-step', { body: { code: 'nope' } });
    expect([mistyped.status, mistyped.body.errors?.[0]?.field]).toEqual([400, 'code']);
    const wrong = await browser.call('post', '/auth/two-step', '/auth/two-step', {
      body: { code: uli.app.wrongCode() },
    });
    expect([wrong.status, wrong.body.reason]).toEqual([401, 'INVALID_CODE']);
    const right = await browser.call('post', '/auth/two-step', '/auth/two-step', {
      body: { code: await uli.app.nextCode() },
    });
    expect([right.status, right.body.email]).toEqual([200, 'uli@two-step.test']);
    expect(browser.cookies.has('pc_session')).toBe(true);
    expect(browser.cookies.has('pc_two_step')).toBe(false);
    expect((await browser.call('post', '/auth/user', '/auth/user')).body.email).toBe('uli@two-step.test');
    // Signed in, the account page's "new recovery codes" wants a right code too.
    const renew = await new PageVisitor(browser).post(
      accountRoute,
      '/account',
      {},
      {
        intent: 'twoStepRenew',
        code: uli.app.wrongCode(),
      },
    );
    expect([renew.status, renew.data.error.key]).toEqual([401, expect.stringMatching(/^twoStep\.wrongCode/)]);

    // The challenge is spent: once more (or without one) is "log in again".
    const spent = await browser.call('post', '/auth/two-step', '/auth/two-step', { body: { code: '123456' } });
    expect([spent.status, spent.body.reason]).toEqual([401, 'CHALLENGE_EXPIRED']);
  }, 60_000);
});

describe('a forgotten password', () => {
  it('asks for the code after the new password, then lands on the account page', async () => {
    const browser = site.browser();
    await browser.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
    await browser.call('post', '/auth/forgot-password', '/auth/forgot-password', {
      body: { email: 'rita@two-step.test' },
    });
    const link = site.mail.link('rita@two-step.test', 'password-reset');
    const visitor = new PageVisitor(browser);
    const token = link.searchParams.get('token') ?? '';
    const reset = await visitor.post(
      resetRoute,
      `${link.pathname}${link.search}`,
      {},
      {
        token,
        email: 'rita@two-step.test',
        password: 'brand-new',
        password_confirmation: 'brand-new',
      },
    );
    const codePage = '/en-ch/login/two-step?redirect=%2Faccount%3Freset%3D1';
    expect([reset.status, reset.location]).toEqual([302, codePage]);
    expect(cookieLine(reset, 'pc_two_step')).toMatch(/; HttpOnly/);
    expect(cookieLine(reset, 'pc_session')).toBeUndefined();
    expect(await signedInAs(visitor)).toBeNull();

    const right = await sendCode(visitor, await rita.app.nextCode(), codePage);
    expect([right.status, right.location]).toEqual([302, '/account?reset=1']);
    expect(await signedInAs(visitor)).toBe('rita@two-step.test');
  }, 60_000);
});

describe('the code page without a live challenge', () => {
  it('sends to the login page, which says to log in again; a forged challenge is refused the same way', async () => {
    const visitor = new PageVisitor(site.browser());
    const none = await visitor.load(codeRoute, CODE_PAGE, EN_CH);
    const again = `/en-ch/login?redirect=${encodeURIComponent(TARGET)}&two_step=expired`;
    expect([none.status, none.location]).toEqual([302, again]);
    const login = await visitor.load(loginRoute, again, EN_CH);
    expect(login.data.notice).toEqual({ error: { key: 'twoStep.signInAgain' } });
    expect(login.data.redirect).toBe(TARGET);

    visitor.browser.cookies.set('pc_two_step', 'forged-challenge');
    const forged = await sendCode(visitor, '123456');
    expect([forged.status, forged.location]).toEqual([302, again]);
    expect(cookieLine(forged, 'pc_two_step')).toMatch(/Max-Age=0/);
    expect(await signedInAs(visitor)).toBeNull();
  });
});
