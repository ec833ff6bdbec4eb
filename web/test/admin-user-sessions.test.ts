import { createServiceClient } from '@pc/kit/grpc/client';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import * as panel from './admin-panel-session';
import { startPlatform, type Platform } from './platform-harness';

/**
 * A user's signed-in browsers on the admin panel's user page (ADR 149) in one process: loader,
 * action and view as Remix runs them in the panel's frame, over real gRPC to accounts
 * (ListUserSessions, EndUserSessions). Olga is signed in on a laptop and a phone; staff:admin sees
 * both by browser and address, signs her out everywhere after a reason and the confirm step, and
 * her sessions end while her account stays open.
 */

// The admin app's calls sign as it does in production.
useTestIdentity('admin');

const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

type Route = typeof import('../admin/app/routes/admin.users_.$user');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's data, read by each test
type Answer = panel.RouteAnswer<any>;

let platform: Platform;
let route: Route;
let layout: typeof import('../admin/app/routes/admin');
let staff: panel.StaffSession;
let olga = '';
const tokens: string[] = [];

const page = () => `http://admin.test/admin/admin/users/${olga}`;
const get = () => new Request(page(), { headers: { cookie: staff.cookie } });
const load = (): Promise<Answer> =>
  panel.answerOf(() => route.loader({ request: get(), params: { user: olga }, context: {} }));
const post = (fields: Readonly<Record<string, string>>): Promise<Answer> =>
  panel.postToRoute(route, page(), staff, fields, { user: olga });
const render = async (): Promise<string> =>
  (
    await panel.renderPage(route, 'users/:user', get(), { id: 'routes/admin', path: 'admin/admin', module: layout })
  ).replaceAll('<!-- -->', '');

beforeAll(async () => {
  platform = await startPlatform();
  route = await import('../admin/app/routes/admin.users_.$user');
  layout = await import('../admin/app/routes/admin');
  await panel.newStaffUser(platform, 'support@platform.test', AdminPanel.ADMIN_PANEL_ADMIN);
  staff = await panel.signInToPanel('admin', 'support@platform.test', 'secret-pass');
  expect(staff.csrf).not.toBe('');
  olga = await panel.newVisitor(platform, 'olga@platform.test');
  const accounts = createServiceClient(AccountsServiceService, platform.addresses.accounts);
  for (const userAgent of [PHONE, LAPTOP]) {
    const { session } = await accounts.login({
      email: 'olga@platform.test',
      password: 'secret-pass',
      rememberMe: userAgent === PHONE,
      client: { ip: '198.51.100.7', userAgent },
    });
    tokens.push(session?.token ?? '');
  }
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('a user’s signed-in browsers in the admin panel', () => {
  jest.setTimeout(60_000);

  it('lists each browser by name, with its address and times', async () => {
    const answer = await load();
    expect(answer.data.sessions).toEqual([
      expect.objectContaining({ browser: 'Chrome', system: 'Windows', ip: '198.51.100.7', remembered: false }),
      expect.objectContaining({ browser: 'Safari', system: 'iOS', ip: '198.51.100.7', remembered: true }),
    ]);
    const html = await render();
    expect(html).toContain('<h2 id="sessions-heading">Signed-in browsers</h2>');
    expect(html).toContain('<td>Chrome on Windows</td><td>198.51.100.7</td>');
    expect(html).toMatch(/<td>Safari on iOS<\/td><td>198\.51\.100\.7<\/td><td>\d{4}-\d\d-\d\d \d\d:\d\d UTC<\/td>/);
    expect(html).toContain('Sign out everywhere');
  });

  it('asks for a reason, confirms, then ends every session while the account stays open', async () => {
    const noReason = await post({ _intent: 'endSessions', reason: ' ' });
    expect(noReason).toMatchObject({ status: 400, data: { stage: 'errors', intent: 'endSessions' } });
    const first = await post({ _intent: 'endSessions', reason: 'account taken over' });
    expect(first).toMatchObject({
      status: 200,
      data: { stage: 'confirm', intent: 'endSessions', fields: { reason: 'account taken over' } },
    });
    expect(JSON.stringify(first.data)).toContain('Sign olga@platform.test out everywhere (the account stays open)');
    // Nothing ended before the confirm step.
    expect((await load()).data.sessions).toHaveLength(2);
    const done = await post({ _intent: 'endSessions', _confirmed: '1', reason: 'account taken over' });
    expect(done.status).toBe(302);
    expect(done.location).toBe(`/admin/users/${olga}?done=1`);
    expect((await load()).data.sessions).toEqual([]);
    const accounts = createServiceClient(AccountsServiceService, platform.addresses.accounts);
    for (const token of tokens)
      await expect(accounts.getSession({ sessionToken: token, touch: false })).rejects.toMatchObject({ code: 16 });
    expect((await load()).data.user).toMatchObject({ locked: false });
    expect(await render()).toContain('Not signed in anywhere.');
  });
});
