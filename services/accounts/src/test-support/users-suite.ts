import { status as GrpcStatus } from '@grpc/grpc-js';
import { AccountDeletionReason } from '@pc/proto/accounts/events/v1/events';
import type { UpdateUserRequest } from '@pc/proto/accounts/v1/accounts';
import { AccountsHarness, eventually, failure, type EngineAdapters } from './accounts-harness.js';

const IP = { ip: '203.0.113.8', userAgent: 'jest' };
const ADMIN = { ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL: 'root@example.test', ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD: 'root-secret' };

/** Roles, profiles, the admin user list and account deletion, each refused to the wrong actor. */
export function describeUserFlows(engine: EngineAdapters): void {
  describe(`accounts users and roles (${engine.name})`, () => {
    let h: AccountsHarness;
    let adminId = '';
    beforeAll(async () => {
      h = await AccountsHarness.start(engine, ADMIN);
      adminId =
        (await h.client.login({ email: 'root@example.test', password: 'root-secret', rememberMe: false, client: IP }))
          .user?.id ?? '';
    });
    afterAll(() => h.stop());

    it('creates the first admin from the environment, which other services see through GetUser', async () => {
      // Another service (the staff check) sees the role; the address only the user themself.
      expect((await h.client.getUser({ userId: adminId })).user).toMatchObject({
        email: '',
        isAdmin: true,
        emailVerified: true,
      });
      expect((await h.client.getUser({ userId: adminId }, { asUser: adminId })).user?.email).toBe('root@example.test');
      expect((await failure(h.client.getUser({ userId: 'u_nobody' })))?.code).toBe(GrpcStatus.NOT_FOUND);
      expect((await failure(h.client.getUser({ userId: '' })))?.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    });

    it('lets only admins set roles, and never removes the last admin', async () => {
      const { user } = await h.register({ email: 'staff@example.test', name: 'Stefan Staff' });
      const userId = user?.id ?? '';
      const setRoles = (actorUserId: string, isAdmin: boolean, target = userId) =>
        h.client.setUserRoles({
          actorUserId,
          userId: target,
          isAdmin,
          isBusiness: undefined,
          replaceAdminPanels: true,
          adminPanels: isAdmin ? [1, 5] : [],
        });
      expect((await failure(setRoles(userId, true)))?.code).toBe(GrpcStatus.PERMISSION_DENIED);
      expect((await failure(setRoles('', true)))?.code).toBe(GrpcStatus.UNAUTHENTICATED);
      expect((await setRoles(adminId, true)).user).toMatchObject({ isAdmin: true, adminPanels: [1, 5] });
      expect((await h.client.getUser({ userId })).user?.isAdmin).toBe(true);
      expect((await setRoles(userId, false, adminId)).user?.isAdmin).toBe(false);
      expect(await failure(setRoles(userId, false))).toMatchObject({
        code: GrpcStatus.FAILED_PRECONDITION,
        reason: 'LAST_ADMIN',
      });
      await setRoles(userId, true, adminId);
    });

    it('lists users for admins only, by name or e-mail substring, newest first', async () => {
      await h.register({ email: 'joanna.keller@example.test', name: 'Joanna Keller' });
      await h.register({ email: 'k.annabel@example.test', name: 'Annabel K' });
      const { user } = await h.register({ email: 'plain@example.test', name: 'Plain User' });
      expect(
        (
          await failure(
            h.client.listUsers({
              actorUserId: user?.id ?? '',
              query: '',
              adminsOnly: false,
              businessOnly: false,
              page: undefined,
            }),
          )
        )?.code,
      ).toBe(GrpcStatus.PERMISSION_DENIED);
      const found = await h.client.listUsers({
        actorUserId: adminId,
        query: 'ANNA',
        adminsOnly: false,
        businessOnly: false,
        page: undefined,
      });
      expect(found.users.map((u) => u.email)).toEqual(['k.annabel@example.test', 'joanna.keller@example.test']);
      expect(found.page).toMatchObject({ total: 2, page: 1, hitsPerPage: 20 });
      const admins = await h.client.listUsers({
        actorUserId: adminId,
        query: '',
        adminsOnly: true,
        businessOnly: false,
        page: { page: 1, hitsPerPage: 1 },
      });
      expect(admins.page).toMatchObject({ total: 2, pages: 2 });
      expect(
        (
          await failure(
            h.client.listUsers({
              actorUserId: adminId,
              query: '',
              adminsOnly: false,
              businessOnly: false,
              page: { page: 1, hitsPerPage: 500 },
            }),
          )
        )?.code,
      ).toBe(GrpcStatus.INVALID_ARGUMENT);
    });

    /** UpdateUser for `actorUserId` with nothing changed but `fields`. */
    const update = (actorUserId: string, fields: Partial<UpdateUserRequest>) =>
      h.client.updateUser({
        actorUserId,
        userId: '',
        name: undefined,
        email: undefined,
        phone: undefined,
        language: undefined,
        company: undefined,
        currentPassword: '',
        client: IP,
        ...fields,
      });

    it('updates one’s own profile; a new e-mail needs verifying again; others’ profiles are for admins', async () => {
      const { user } = await h.register({ email: 'profile@example.test' });
      const other = await h.register({ email: 'other-profile@example.test' });
      const id = user?.id ?? '';
      const updated = await update(id, {
        name: 'Paula Profile',
        email: 'Paula@Example.test',
        language: 'fr',
        currentPassword: 'secret-pass',
      });
      expect(updated.user).toMatchObject({
        name: 'Paula Profile',
        email: 'paula@example.test',
        language: 'fr',
        emailVerified: false,
      });
      expect(h.mail.latest('paula@example.test', 'email-verification')?.subject).toBe('Confirmez votre adresse e-mail');
      expect(
        (await failure(update(id, { email: 'other-profile@example.test', currentPassword: 'secret-pass' })))?.reason,
      ).toBe('EMAIL_TAKEN');
      expect(
        (await failure(update(id, { name: '', email: 'bad', currentPassword: 'secret-pass' })))?.violations?.map(
          (v) => v.field,
        ),
      ).toEqual(['name', 'email']);
      expect((await failure(update(id, { userId: other.user?.id ?? '', name: 'Hijack' })))?.code).toBe(
        GrpcStatus.PERMISSION_DENIED,
      );
      expect((await h.client.getUser({ userId: other.user?.id ?? '' })).user?.name).toBe('Anna Muster');
      const byAdmin = await update(adminId, {
        userId: other.user?.id ?? '',
        name: 'Fixed Name',
        email: 'fixed@example.test',
      });
      expect(byAdmin.user).toMatchObject({ name: 'Fixed Name', email: 'fixed@example.test' });
      expect(h.mail.latest('other-profile@example.test', 'email-changed')?.text).toContain('fixed@example.test');
    });

    it('finding (issue 43): an e-mail change needed no password and did not tell the old address; now it needs the password and the old address can undo it', async () => {
      const { user } = await h.register({ email: 'owner@example.test', name: 'Olivia Owner' });
      const id = user?.id ?? '';
      const verify = h.mail.link('owner@example.test', 'email-verification');
      await h.client.verifyEmail({ userId: id, token: verify.searchParams.get('token') ?? '' });
      const stolen = await h.signIn('owner@example.test');
      const change = (currentPassword: string) => update(id, { email: 'Thief@Example.test', currentPassword });
      expect((await failure(change('')))?.violations).toEqual([
        expect.objectContaining({ field: 'current_password', rule: 'required' }),
      ]);
      expect(await failure(change('wrong-pass'))).toMatchObject({
        code: GrpcStatus.UNAUTHENTICATED,
        reason: 'INVALID_CREDENTIALS',
      });
      expect((await h.client.getUser({ userId: id }, { asUser: id })).user?.email).toBe('owner@example.test');
      expect((await change('secret-pass')).user).toMatchObject({ email: 'thief@example.test', emailVerified: false });
      const told = h.mail.latest('owner@example.test', 'email-changed');
      expect(told?.text).toContain('changed to thief@example.test');
      const undo = h.mail.link('owner@example.test', 'email-changed');
      expect(undo.origin + undo.pathname).toBe('https://site.test/auth/undo-email-change');
      expect((await failure(h.client.undoEmailChange({ userId: id, token: 'forged' })))?.reason).toBe(
        'TOKEN_INVALID_OR_EXPIRED',
      );
      const restored = await h.client.undoEmailChange({
        userId: undo.searchParams.get('user') ?? '',
        token: undo.searchParams.get('token') ?? '',
      });
      expect(restored.user).toMatchObject({ email: 'owner@example.test', emailVerified: true });
      // Whoever changed it is signed out, and the password they knew no longer works.
      expect((await failure(h.client.getSession({ sessionToken: stolen.token, touch: false })))?.code).toBe(
        GrpcStatus.UNAUTHENTICATED,
      );
      expect(
        (
          await failure(
            h.client.login({ email: 'owner@example.test', password: 'secret-pass', rememberMe: false, client: IP }),
          )
        )?.reason,
      ).toBe('INVALID_CREDENTIALS');
      expect(
        (await failure(h.client.undoEmailChange({ userId: id, token: undo.searchParams.get('token') ?? '' })))?.reason,
      ).toBe('TOKEN_INVALID_OR_EXPIRED');
      // The owner sets a new password with the link mailed to the restored address.
      const reset = h.mail.link('owner@example.test', 'password-reset');
      const signedIn = await h.client.resetPassword({
        token: reset.searchParams.get('token') ?? '',
        email: 'owner@example.test',
        password: 'mine-again',
        passwordConfirmation: 'mine-again',
        rememberMe: false,
        client: IP,
      });
      expect(signedIn.user?.email).toBe('owner@example.test');
    });

    it('lets the undo link expire', async () => {
      const { user } = await h.register({ email: 'slow@example.test' });
      await update(user?.id ?? '', { email: 'slow-new@example.test', currentPassword: 'secret-pass' });
      const undo = h.mail.link('slow@example.test', 'email-changed');
      await h.advance(169 * 3_600_000);
      expect(
        (
          await failure(
            h.client.undoEmailChange({ userId: user?.id ?? '', token: undo.searchParams.get('token') ?? '' }),
          )
        )?.reason,
      ).toBe('TOKEN_INVALID_OR_EXPIRED');
    });

    it('turns a verified user into a business user', async () => {
      const { user } = await h.register({ email: 'biz@example.test' });
      const enable = () =>
        h.client.enableBusinessAccount({ actorUserId: user?.id ?? '', company: 'Zeta Hifi GmbH', phone: '' });
      expect(await failure(enable())).toMatchObject({
        code: GrpcStatus.FAILED_PRECONDITION,
        reason: 'EMAIL_NOT_VERIFIED',
      });
      const link = h.mail.link('biz@example.test', 'email-verification');
      await h.client.verifyEmail({
        userId: link.searchParams.get('user') ?? '',
        token: link.searchParams.get('token') ?? '',
      });
      expect(
        (await failure(h.client.enableBusinessAccount({ actorUserId: user?.id ?? '', company: ' ', phone: '' })))
          ?.violations,
      ).toEqual([expect.objectContaining({ field: 'company' })]);
      expect((await enable()).user).toMatchObject({ isBusiness: true, company: 'Zeta Hifi GmbH' });
    });

    it('deletes an account with the password: sessions, favourites and recently viewed go, AccountDeleted is emitted', async () => {
      const { user } = await h.register({ email: 'leaving@example.test' });
      const session = await h.signIn('leaving@example.test');
      const id = user?.id ?? '';
      await h.client.addFavourite({ actorUserId: id, listId: '', productId: 'p1', note: '' });
      await h.client.recordRecentlyViewed({ actorUserId: id, items: [{ productId: 'p1', viewedAt: undefined }] });
      const remove = (password: string, confirm = true) =>
        h.client.deleteAccount({ actorUserId: id, userId: '', password, confirm });
      expect((await failure(remove('secret-pass', false)))?.violations).toEqual([
        expect.objectContaining({ field: 'confirm', rule: 'accepted' }),
      ]);
      expect(await failure(remove('wrong-pass'))).toMatchObject({
        code: GrpcStatus.UNAUTHENTICATED,
        reason: 'INVALID_CREDENTIALS',
      });
      const other = await h.register({ email: 'bystander@example.test' });
      expect(
        (
          await failure(
            h.client.deleteAccount({
              actorUserId: other.user?.id ?? '',
              userId: id,
              password: 'secret-pass',
              confirm: true,
            }),
          )
        )?.code,
      ).toBe(GrpcStatus.PERMISSION_DENIED);
      expect((await remove('secret-pass')).deletedAt).toBeInstanceOf(Date);
      const event = await eventually(() => h.deleted.find((e) => e.userId === id));
      expect(event).toMatchObject({ wasBusiness: false, reason: AccountDeletionReason.ACCOUNT_DELETION_REASON_USER });
      expect((await failure(h.client.getUser({ userId: id })))?.code).toBe(GrpcStatus.NOT_FOUND);
      expect((await failure(h.client.getSession({ sessionToken: session?.token ?? '', touch: false })))?.code).toBe(
        GrpcStatus.UNAUTHENTICATED,
      );
      expect(
        (
          await failure(
            h.client.login({ email: 'leaving@example.test', password: 'secret-pass', rememberMe: false, client: IP }),
          )
        )?.reason,
      ).toBe('INVALID_CREDENTIALS');
      const again = await h.register({ email: 'leaving@example.test' });
      expect(again.user?.id).not.toBe(id);
      expect((await h.client.listFavourites({ actorUserId: again.user?.id ?? '', page: undefined })).items).toEqual([]);
      expect((await h.client.listRecentlyViewed({ actorUserId: again.user?.id ?? '', limit: 0 })).items).toEqual([]);
    });

    it('lets an admin delete another account without its password', async () => {
      const { user } = await h.register({ email: 'spammer@example.test' });
      await h.client.deleteAccount({ actorUserId: adminId, userId: user?.id ?? '', password: '', confirm: true });
      const event = await eventually(() => h.deleted.find((e) => e.userId === user?.id));
      expect(event.reason).toBe(AccountDeletionReason.ACCOUNT_DELETION_REASON_ADMIN);
    });
  });
}
