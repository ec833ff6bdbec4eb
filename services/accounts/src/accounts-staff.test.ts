import { status as GrpcStatus } from '@grpc/grpc-js';
import { AccountsStaffServiceService, UserOrder } from '@pc/proto/accounts/v1/staff';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { createServiceClient } from '@pc/kit/grpc/client';
import { Secret, TOTP } from 'otpauth';
import { AccountsHarness, eventually, failure } from './test-support/accounts-harness.js';

const ROOT = { ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL: 'root@staff.test', ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD: 'root-secret' };

describe("accounts: the admin panel's user management (AccountsStaffService, staff:admin)", () => {
  let accounts: AccountsHarness;
  let staff: ReturnType<typeof createServiceClient<typeof AccountsStaffServiceService>>;
  let audit: ReturnType<typeof createServiceClient<typeof AuditServiceService>>;
  let rootId: string;

  beforeAll(async () => {
    accounts = await AccountsHarness.start(undefined, ROOT);
    staff = createServiceClient(AccountsStaffServiceService, accounts.address, { deadlineMs: 20_000 });
    audit = createServiceClient(AuditServiceService, accounts.address, { deadlineMs: 20_000 });
    rootId =
      (
        await accounts.client.login({
          email: ROOT.ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL,
          password: ROOT.ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD,
          rememberMe: false,
          client: undefined,
        })
      ).user?.id ?? '';
  });
  afterAll(() => accounts.stop());

  it("grants and revokes panel roles, checked and audited; another panel's holder is refused", async () => {
    const mia = (await accounts.register({ email: 'mia@staff.test' })).user?.id ?? '';
    const granted = await staff.grantStaffRole({
      actorUserId: rootId,
      userId: mia,
      panel: AdminPanel.ADMIN_PANEL_SHOPPING,
    });
    expect(granted.user).toMatchObject({ isAdmin: true, adminPanels: [AdminPanel.ADMIN_PANEL_SHOPPING] });
    // Granting again changes nothing (and writes no second entry).
    await staff.grantStaffRole({ actorUserId: rootId, userId: mia, panel: AdminPanel.ADMIN_PANEL_SHOPPING });

    // Mia holds staff:shopping, not staff:admin: she may not manage users.
    expect(
      await failure(staff.grantStaffRole({ actorUserId: mia, userId: mia, panel: AdminPanel.ADMIN_PANEL_ADMIN })),
    ).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED, reason: 'STAFF_ROLE_REQUIRED' });
    expect(
      await failure(
        staff.searchUsers({
          actorUserId: mia,
          query: '',
          panel: 0,
          lockedOnly: false,
          unverifiedOnly: false,
          businessOnly: false,
          order: 0,
          page: undefined,
        }),
      ),
    ).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    expect(
      await failure(
        audit.listAuditEntries({
          actorUserId: mia,
          panel: 'admin',
          entityType: '',
          entityId: '',
          byUserId: '',
          action: '',
          page: undefined,
        }),
      ),
    ).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    // Unknown panels are bad input and change nothing.
    expect(
      await failure(staff.grantStaffRole({ actorUserId: rootId, userId: mia, panel: 42 as AdminPanel })),
    ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, violations: [{ field: 'panel' }] });
    expect(
      await failure(staff.grantStaffRole({ actorUserId: rootId, userId: mia, panel: AdminPanel.ADMIN_PANEL_JOBS })),
    ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });

    const revoked = await staff.revokeStaffRole({
      actorUserId: rootId,
      userId: mia,
      panel: AdminPanel.ADMIN_PANEL_SHOPPING,
    });
    expect(revoked.user?.adminPanels).toEqual([]);

    const { entries } = await audit.listAuditEntries({
      actorUserId: rootId,
      panel: 'admin',
      entityType: 'user',
      entityId: mia,
      byUserId: '',
      action: '',
      page: undefined,
    });
    expect(entries.map((entry) => entry.action)).toEqual(['user.revoke_role', 'user.grant_role']);
    expect(entries[1]).toMatchObject({ service: 'accounts', actorUserId: rootId });
    expect(JSON.parse(entries[1]?.beforeJson ?? '{}')).toMatchObject({ roles: [], isAdmin: false });
    expect(JSON.parse(entries[1]?.afterJson ?? '{}')).toMatchObject({ roles: ['staff:shopping'], isAdmin: true });
    expect(entries[1]?.afterJson).not.toContain('passwordHash');
  });

  it('keeps one staff:admin: the last holder can be neither revoked, locked nor deleted', async () => {
    expect(
      await failure(
        staff.revokeStaffRole({ actorUserId: rootId, userId: rootId, panel: AdminPanel.ADMIN_PANEL_ADMIN }),
      ),
    ).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'LAST_STAFF_ADMIN' });
    const other = (await accounts.register({ email: 'otto@staff.test' })).user?.id ?? '';
    await staff.grantStaffRole({ actorUserId: rootId, userId: other, panel: AdminPanel.ADMIN_PANEL_ADMIN });
    // Now Otto may take root's role, but nobody may lock or delete themselves.
    expect(await failure(staff.lockUser({ actorUserId: rootId, userId: rootId, reason: 'test' }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
    expect(await failure(staff.deleteUser({ actorUserId: other, userId: other }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
    await staff.revokeStaffRole({ actorUserId: other, userId: other, panel: AdminPanel.ADMIN_PANEL_ADMIN });
  });

  it('locks a user out (sessions end, sign-in refused after the right password) and unlocks', async () => {
    const registered = await accounts.register({ email: 'lena@staff.test' });
    const lena = registered.user?.id ?? '';
    // Registration does not sign in: a session of lena's own, which locking must end.
    const token =
      (
        await accounts.client.login({
          email: 'lena@staff.test',
          password: 'secret-pass',
          rememberMe: false,
          client: undefined,
        })
      ).session?.token ?? '';
    expect(await failure(staff.lockUser({ actorUserId: rootId, userId: lena, reason: ' ' }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [{ field: 'reason', rule: 'required' }],
    });
    expect((await accounts.client.getSession({ sessionToken: token, touch: false })).user?.id).toBe(lena);

    const locked = await staff.lockUser({ actorUserId: rootId, userId: lena, reason: 'chargeback fraud' });
    expect(locked).toMatchObject({ sessionsEnded: 1, user: { lockedReason: 'chargeback fraud' } });
    expect(locked.user?.lockedAt).toBeInstanceOf(Date);
    expect(await failure(accounts.client.getSession({ sessionToken: token, touch: false }))).toMatchObject({
      code: GrpcStatus.UNAUTHENTICATED,
    });
    expect(
      await failure(
        accounts.client.login({
          email: 'lena@staff.test',
          password: 'wrong-pass',
          rememberMe: false,
          client: undefined,
        }),
      ),
    ).toMatchObject({ reason: 'INVALID_CREDENTIALS' });
    expect(
      await failure(
        accounts.client.login({
          email: 'lena@staff.test',
          password: 'secret-pass',
          rememberMe: false,
          client: undefined,
        }),
      ),
    ).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED, reason: 'ACCOUNT_LOCKED' });

    const lockedOnly = await staff.searchUsers({
      actorUserId: rootId,
      query: '',
      panel: 0,
      lockedOnly: true,
      unverifiedOnly: false,
      businessOnly: false,
      order: 0,
      page: undefined,
    });
    expect(lockedOnly.users.map((user) => user.email)).toEqual(['lena@staff.test']);

    await staff.unlockUser({ actorUserId: rootId, userId: lena });
    expect(
      (
        await accounts.client.login({
          email: 'lena@staff.test',
          password: 'secret-pass',
          rememberMe: false,
          client: undefined,
        })
      ).user?.id,
    ).toBe(lena);
  });

  it('lists a user’s signed-in browsers and signs the user out everywhere without a lock, audited', async () => {
    const nora = (await accounts.register({ email: 'nora@staff.test' })).user?.id ?? '';
    const signIn = async (userAgent: string) =>
      (
        await accounts.client.login({
          email: 'nora@staff.test',
          password: 'secret-pass',
          rememberMe: false,
          client: { ip: '198.51.100.20', userAgent },
        })
      ).session?.token ?? '';
    const [phone, laptop] = [await signIn('Phone/1.0'), await signIn('Laptop/2.0')];
    const { sessions } = await staff.listUserSessions({ actorUserId: rootId, userId: nora });
    expect(sessions.map((s) => [s.userAgent, s.ip, s.current, s.session?.token])).toEqual([
      ['Laptop/2.0', '198.51.100.20', false, ''],
      ['Phone/1.0', '198.51.100.20', false, ''],
    ]);
    expect(await failure(staff.endUserSessions({ actorUserId: rootId, userId: nora, reason: '' }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [{ field: 'reason', rule: 'required' }],
    });
    expect(await failure(staff.listUserSessions({ actorUserId: nora, userId: nora }))).toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
    expect(await staff.endUserSessions({ actorUserId: rootId, userId: nora, reason: 'account taken over' })).toEqual({
      sessionsEnded: 2,
    });
    for (const token of [phone, laptop])
      expect(await failure(accounts.client.getSession({ sessionToken: token, touch: false }))).toMatchObject({
        code: GrpcStatus.UNAUTHENTICATED,
      });
    // Not locked: the owner signs in again.
    expect(await signIn('Laptop/2.0')).not.toBe('');
    const { entries } = await audit.listAuditEntries({
      actorUserId: rootId,
      panel: 'admin',
      entityType: 'user',
      entityId: nora,
      byUserId: '',
      action: 'user.end_sessions',
      page: undefined,
    });
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]?.afterJson ?? '{}')).toEqual({ sessions: 0, reason: 'account taken over' });
    expect(await failure(staff.listUserSessions({ actorUserId: rootId, userId: 'u_nobody' }))).toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
  });

  it('turns a user’s two-step sign-in off for support: sessions and waiting sign-ins end, the user is mailed, audited', async () => {
    const email = 'tilda@staff.test';
    const tilda = (await accounts.register({ email })).user?.id ?? '';
    const client = { ip: '198.51.100.21', userAgent: 'Phone/1.0' };
    const { secret } = await accounts.client.startTwoStepSetup({ actorUserId: tilda, password: 'secret-pass', client });
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: accounts.now().getTime() });
    await accounts.client.confirmTwoStepSetup({ actorUserId: tilda, code, client });
    const waiting = (await accounts.client.login({ email, password: 'secret-pass', rememberMe: false, client })).twoStep
      ?.token;
    expect(await failure(staff.turnOffUserTwoStep({ actorUserId: rootId, userId: tilda, reason: ' ' }))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [{ field: 'reason', rule: 'required' }],
    });
    expect(
      await failure(staff.turnOffUserTwoStep({ actorUserId: tilda, userId: tilda, reason: 'lost phone' })),
    ).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    const reason = 'lost phone and codes; identity checked by a video call';
    expect(await staff.turnOffUserTwoStep({ actorUserId: rootId, userId: tilda, reason })).toEqual({ wasOn: true });
    expect(await staff.turnOffUserTwoStep({ actorUserId: rootId, userId: tilda, reason })).toEqual({ wasOn: false });
    expect(
      await failure(accounts.client.completeSignIn({ challengeToken: waiting ?? '', code, client })),
    ).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED, reason: 'CHALLENGE_EXPIRED' });
    // The password alone signs in again.
    expect(
      (await accounts.client.login({ email, password: 'secret-pass', rememberMe: false, client })).session,
    ).toBeDefined();
    const mail = await eventually(() => accounts.mail.latest(email, 'two-step-off'));
    expect(mail.text).toContain('our support team turned two-step sign-in off');
    const { entries } = await audit.listAuditEntries({
      actorUserId: rootId,
      panel: 'admin',
      entityType: 'user',
      entityId: tilda,
      byUserId: '',
      action: 'user.two_step_off',
      page: undefined,
    });
    expect(entries.map((entry) => JSON.parse(entry.afterJson))).toEqual([{ twoStep: 'off', reason }]);
    expect(await failure(staff.turnOffUserTwoStep({ actorUserId: rootId, userId: 'u_nobody', reason }))).toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
  });

  it('verifies an address, searches with filters and orders, deletes a user', async () => {
    const zed = (await accounts.register({ email: 'zed@staff.test', name: 'Zed Zimmer' })).user?.id ?? '';
    const search = (
      order: UserOrder,
      extra: Partial<{ query: string; unverifiedOnly: boolean; panel: AdminPanel }> = {},
    ) =>
      staff.searchUsers({
        actorUserId: rootId,
        query: '',
        panel: 0,
        lockedOnly: false,
        unverifiedOnly: false,
        businessOnly: false,
        order,
        page: { page: 1, hitsPerPage: 100 },
        ...extra,
      });
    expect(
      (await search(UserOrder.USER_ORDER_NEWEST, { unverifiedOnly: true })).users.map((user) => user.email),
    ).toContain('zed@staff.test');
    await staff.verifyUserEmail({ actorUserId: rootId, userId: zed });
    expect(
      (await search(UserOrder.USER_ORDER_NEWEST, { unverifiedOnly: true })).users.map((user) => user.email),
    ).not.toContain('zed@staff.test');

    const byEmail = (await search(UserOrder.USER_ORDER_EMAIL)).users.map((user) => user.email);
    expect(byEmail).toEqual([...byEmail].sort());
    expect((await search(UserOrder.USER_ORDER_NAME, { query: 'zimm' })).users.map((user) => user.id)).toEqual([zed]);
    expect(
      (await search(UserOrder.USER_ORDER_NEWEST, { panel: AdminPanel.ADMIN_PANEL_ADMIN })).users.map((user) => user.id),
    ).toEqual([rootId]);

    await staff.deleteUser({ actorUserId: rootId, userId: zed });
    expect(await failure(accounts.client.getUser({ userId: zed }))).toMatchObject({ code: GrpcStatus.NOT_FOUND });
    await eventually(() => accounts.deleted.some((event) => event.userId === zed));
    const { entries } = await audit.listAuditEntries({
      actorUserId: rootId,
      panel: 'admin',
      entityType: 'user',
      entityId: zed,
      byUserId: '',
      action: '',
      page: undefined,
    });
    expect(entries.map((entry) => entry.action)).toEqual(['user.delete', 'user.verify_email']);
    expect(entries[0]?.afterJson).toBe('');
  });
});
