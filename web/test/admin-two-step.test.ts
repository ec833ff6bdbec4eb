import { Secret, TOTP } from 'otpauth';
import { createServiceClient } from '@pc/kit/grpc/client';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import * as panel from './admin-panel-session';
import { startPlatform, type Platform } from './platform-harness';

/**
 * Two-step sign-in in the staff panels (ADR 153), in one process over real gRPC to accounts:
 * with ADMIN_REQUIRE_TWO_STEP (as the chart runs it) a staff account without it is refused; one
 * with it types the app's code on the sign-in page's second form; and staff:admin turns a user's
 * two-step sign-in off from the user page after a reason and the confirm step.
 */

// The admin app's calls sign as it does in production; its config is read when a route is first imported.
useTestIdentity('admin');
process.env.ADMIN_REQUIRE_TWO_STEP = 'true';

const STEP_MS = 30_000;
const CLIENT = { ip: '198.51.100.40', userAgent: 'jest' };

let platform: Platform;
let accounts: ReturnType<typeof createServiceClient<typeof AccountsServiceService>>;
let login: typeof import('../admin/app/routes/$panel.login');

/** Turns two-step sign-in on for a user with its password `secret-pass`; the app's secret. */
async function turnOn(userId: string): Promise<string> {
  const { secret } = await accounts.startTwoStepSetup({ actorUserId: userId, password: 'secret-pass', client: CLIENT });
  await accounts.confirmTwoStepSetup({ actorUserId: userId, code: codeOf(secret, -1), client: CLIENT });
  return secret;
}

/** The app's code `steps` 30-second steps from now (the confirming code was one step back: this one is new). */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * STEP_MS });

const url = 'http://admin.test/admin/admin/login';
const params = { panel: 'admin' };

/** The sign-in page as a browser fetches it: its form's CSRF token, which step it asks for, the cookie. */
async function loginPage(cookie = '') {
  const answer = (await login.loader({
    request: new Request(url, { headers: { cookie } }),
    params,
    context: {},
  })) as unknown as {
    data: { csrf: string; step: string };
    init: { headers: Record<string, string> };
  };
  return { ...answer.data, cookie: panel.cookieOf(answer.init.headers['Set-Cookie']) };
}

/** Posts the sign-in page's form. */
const postLogin = (cookie: string, fields: Record<string, string>) =>
  panel.answerOf(() =>
    login.action({
      request: new Request(url, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }),
      params,
      context: {},
    }),
  );

/** Like postLogin, keeping the Set-Cookie of a redirect. */
async function postLoginRaw(cookie: string, fields: Record<string, string>): Promise<Response> {
  const answer = await login.action({
    request: new Request(url, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    }),
    params,
    context: {},
  });
  if (!(answer instanceof Response)) throw new Error('expected a redirect');
  return answer;
}

beforeAll(async () => {
  platform = await startPlatform();
  accounts = createServiceClient(AccountsServiceService, platform.addresses.accounts);
  login = await import('../admin/app/routes/$panel.login');
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('two-step sign-in in the staff panels', () => {
  jest.setTimeout(60_000);

  it('refuses a staff account without two-step sign-in, and takes one with it after the app’s code', async () => {
    const tessId = await panel.newStaffUser(platform, 'tess@platform.test', AdminPanel.ADMIN_PANEL_ADMIN);
    const refused = await panel.signInToPanel('admin', 'tess@platform.test', 'secret-pass');
    expect(refused.csrf).toBe('');
    const first = await loginPage();
    expect(
      await postLogin(first.cookie, { _csrf: first.csrf, email: 'tess@platform.test', password: 'secret-pass' }),
    ).toMatchObject({ status: 403, data: { errors: { _form: expect.stringContaining('need two-step sign-in') } } });

    const secret = await turnOn(tessId);
    const start = await loginPage();
    expect(start.step).toBe('password');
    const passwordStep = await postLoginRaw(start.cookie, {
      _csrf: start.csrf,
      email: 'tess@platform.test',
      password: 'secret-pass',
    });
    expect([passwordStep.status, passwordStep.headers.get('Location')]).toEqual([302, '/admin/login']);
    const codePage = await loginPage(panel.cookieOf(passwordStep.headers.get('Set-Cookie')));
    expect(codePage.step).toBe('code');
    // Not signed in yet: the panel's pages still send to the sign-in page.
    const users = await import('../admin/app/routes/admin.users');
    expect(
      await panel.answerOf(() =>
        users.loader({
          request: new Request('http://admin.test/admin/admin/users', { headers: { cookie: codePage.cookie } }),
          params: {},
          context: {},
        }),
      ),
    ).toMatchObject({ status: 302, location: expect.stringContaining('/admin/login') });

    const wrong = String((Number(codeOf(secret)) + 3) % 1_000_000).padStart(6, '0');
    expect(await postLogin(codePage.cookie, { _csrf: codePage.csrf, code: wrong })).toMatchObject({
      status: 400,
      data: { errors: { code: 'That code is not right. Type the code your app shows now.' } },
    });
    const signedIn = await postLoginRaw(codePage.cookie, { _csrf: codePage.csrf, code: codeOf(secret) });
    expect([signedIn.status, signedIn.headers.get('Location')]).toEqual([302, '/admin']);
    const cookie = panel.cookieOf(signedIn.headers.get('Set-Cookie'));
    expect(
      await panel.answerOf(() =>
        users.loader({
          request: new Request('http://admin.test/admin/admin/users', { headers: { cookie } }),
          params: {},
          context: {},
        }),
      ),
    ).toMatchObject({ status: 200 });
  });

  it('turns a user’s two-step sign-in off from the user page after a reason and the confirm step', async () => {
    const adminId = await panel.newStaffUser(platform, 'uma@platform.test', AdminPanel.ADMIN_PANEL_ADMIN);
    const adminSecret = await turnOn(adminId);
    const start = await loginPage();
    const passwordStep = await postLoginRaw(start.cookie, {
      _csrf: start.csrf,
      email: 'uma@platform.test',
      password: 'secret-pass',
    });
    const codePage = await loginPage(panel.cookieOf(passwordStep.headers.get('Set-Cookie')));
    const signedIn = await postLoginRaw(codePage.cookie, { _csrf: codePage.csrf, code: codeOf(adminSecret) });
    const cookie = panel.cookieOf(signedIn.headers.get('Set-Cookie'));
    const { readPanelSession } = await import('../admin/app/auth/panel-cookie.server');
    const staff = {
      cookie,
      csrf: (await readPanelSession(new Request(url, { headers: { cookie } }), 'admin'))?.csrf ?? '',
    };

    const vera = await panel.newVisitor(platform, 'vera@platform.test');
    await turnOn(vera);
    const route = await import('../admin/app/routes/admin.users_.$user');
    const page = `http://admin.test/admin/admin/users/${vera}`;
    const load = () =>
      panel.answerOf(() =>
        route.loader({ request: new Request(page, { headers: { cookie } }), params: { user: vera }, context: {} }),
      );
    expect((await load()).data.user.twoStepOnSince).toMatch(/^\d{4}-\d\d-\d\dT/);
    const post = (fields: Record<string, string>) => panel.postToRoute(route, page, staff, fields, { user: vera });
    expect(await post({ _intent: 'twoStepOff', reason: '' })).toMatchObject({ status: 400 });
    const reason = 'lost phone and codes; identity checked by a call back';
    const confirm = await post({ _intent: 'twoStepOff', reason });
    expect(confirm).toMatchObject({ status: 200, data: { stage: 'confirm', intent: 'twoStepOff' } });
    expect(JSON.stringify(confirm.data)).toContain('Turn two-step sign-in off for vera@platform.test');
    expect((await load()).data.user.twoStepOnSince).not.toBe('');
    const done = await post({ _intent: 'twoStepOff', _confirmed: '1', reason });
    expect([done.status, done.location]).toEqual([302, `/admin/users/${vera}?done=1`]);
    expect((await load()).data.user.twoStepOnSince).toBe('');
    // Vera's password alone signs her in again.
    expect(
      (
        await accounts.login({
          email: 'vera@platform.test',
          password: 'secret-pass',
          rememberMe: false,
          client: CLIENT,
        })
      ).session?.token,
    ).toBeTruthy();
  });
});
