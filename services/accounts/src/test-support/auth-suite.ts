import { status as GrpcStatus } from '@grpc/grpc-js';
import { AccountsHarness, eventually, failure, type EngineAdapters } from './accounts-harness.js';

const IP = { ip: '203.0.113.7', userAgent: 'jest' };

/** Register, sign-in, sessions, password reset and e-mail verification, with their failure paths. */
export function describeAuthFlows(engine: EngineAdapters): void {
  describe(`accounts sign-in flows (${engine.name})`, () => {
    let h: AccountsHarness;
    beforeAll(async () => {
      h = await AccountsHarness.start(engine);
    });
    afterAll(() => h.stop());

    it('registers a user, e-mails a verification link and emits UserRegistered; the user then logs in', async () => {
      const { user, session, verificationSent } = await h.register({
        email: 'Anna@Example.TEST',
        name: ' Anna ',
        phone: '+41 44 123 45 67',
      });
      expect(user).toMatchObject({
        name: 'Anna',
        email: 'anna@example.test',
        phone: '+41 44 123 45 67',
        isAdmin: false,
        isBusiness: false,
        emailVerified: false,
      });
      expect(Object.keys(user ?? {})).not.toContain('passwordHash');
      // Registration does not sign in (issue 43: it answers the same for a taken address).
      expect(session).toBeUndefined();
      expect(verificationSent).toBe(true);
      expect(h.mail.link('anna@example.test', 'email-verification').searchParams.get('user')).toBe(user?.id);
      const event = await eventually(() => h.registered.find((e) => e.userId === user?.id));
      expect(event).toMatchObject({ email: 'anna@example.test', name: 'Anna' });
      const signedIn = await h.signIn('anna@example.test');
      expect(signedIn.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const booted = await h.client.getSession({ sessionToken: signedIn.token, touch: false });
      expect(booted.user?.id).toBe(user?.id);
      expect(booted.session?.token).toBe('');
    });

    it('rejects a bad registration field by field and creates nothing', async () => {
      const error = await failure(
        h.register({
          name: '',
          email: 'not-an-email',
          password: 'short',
          passwordConfirmation: 'short',
          phone: 'call me',
          termsAccepted: false,
        }),
      );
      expect(error?.code).toBe(GrpcStatus.INVALID_ARGUMENT);
      expect(error?.violations?.map((v) => [v.field, v.rule])).toEqual(
        expect.arrayContaining([
          ['name', 'required'],
          ['email', 'email'],
          ['password', 'min'],
          ['phone', 'regex'],
          ['terms', 'accepted'],
        ]),
      );
      const unconfirmed = await failure(
        h.register({ email: 'mismatch@example.test', password: 'secret-1', passwordConfirmation: 'secret-2' }),
      );
      expect(unconfirmed?.violations).toEqual([
        expect.objectContaining({ field: 'password_confirmation', rule: 'confirmed' }),
      ]);
      expect(
        (
          await failure(
            h.client.login({ email: 'mismatch@example.test', password: 'secret-1', rememberMe: false, client: IP }),
          )
        )?.reason,
      ).toBe('INVALID_CREDENTIALS');
      const business = await failure(h.register({ accountType: 2, company: '' }));
      expect(business?.violations).toEqual([expect.objectContaining({ field: 'company', rule: 'required' })]);
    });

    it('takes at most 20 registrations an hour from one IP address', async () => {
      const client = { ip: '198.18.0.1', userAgent: 'spam-bot' };
      for (let i = 0; i < 20; i += 1) await h.register({ email: `bulk-${i}@example.test`, client });
      const refused = await failure(h.register({ email: 'bulk-20@example.test', client }));
      expect(refused).toMatchObject({ code: GrpcStatus.RESOURCE_EXHAUSTED, reason: 'REGISTRATION_THROTTLED' });
      expect(refused?.details).toMatch(/^too many attempts, retry in \d+ seconds$/);
      expect(
        (await h.register({ email: 'bulk-20@example.test', client: { ip: '198.18.0.2', userAgent: '' } })).user?.email,
      ).toBe('bulk-20@example.test');
    });

    it('finding (issue 43): a taken address answered 409 EMAIL_TAKEN; now no second account, the owner is mailed, and no error', async () => {
      const first = await h.register({ email: 'taken@example.test', name: 'Tara Taken' });
      const again = await h.register({
        email: ' TAKEN@example.test',
        name: 'Mallory',
        password: 'other-pass',
        passwordConfirmation: 'other-pass',
      });
      expect(again).toEqual({ user: undefined, session: undefined, verificationSent: true });
      const told = h.mail.latest('taken@example.test', 'already-registered');
      expect(told?.text).toContain('Hello Tara Taken,');
      expect(told?.text).toContain('already has one');
      // Its link resets the owner's password; the owner's password is unchanged meanwhile.
      expect(h.mail.link('taken@example.test', 'already-registered').pathname).toBe('/reset-password');
      expect(
        (await h.client.login({ email: 'taken@example.test', password: 'secret-pass', rememberMe: false, client: IP }))
          .user?.id,
      ).toBe(first.user?.id);
      expect(
        (
          await failure(
            h.client.login({ email: 'taken@example.test', password: 'other-pass', rememberMe: false, client: IP }),
          )
        )?.reason,
      ).toBe('INVALID_CREDENTIALS');
      // A burst of attempts mails the owner once a minute, and still answers the same.
      expect(await h.register({ email: 'taken@example.test' })).toEqual(again);
      expect(
        h.mail.all().filter((mail) => mail.to === 'taken@example.test' && mail.kind === 'already-registered'),
      ).toHaveLength(1);
    });

    it('logs in with remember-me for 30 days, otherwise for 2 hours after the last use', async () => {
      await h.register({ email: 'login@example.test' });
      const short = await h.client.login({
        email: 'LOGIN@example.test',
        password: 'secret-pass',
        rememberMe: false,
        client: IP,
      });
      const long = await h.client.login({
        email: 'login@example.test',
        password: 'secret-pass',
        rememberMe: true,
        client: IP,
      });
      const hours = (s: typeof short.session) =>
        ((s?.expiresAt?.getTime() ?? 0) - (s?.createdAt?.getTime() ?? 0)) / 3_600_000;
      expect(hours(short.session)).toBeCloseTo(2, 1);
      expect(hours(long.session)).toBeCloseTo(720, 1);
      expect(short.session?.token).not.toBe(long.session?.token);
      await h.advance(90 * 60_000);
      const touched = await h.client.getSession({ sessionToken: short.session?.token ?? '', touch: true });
      await h.advance(90 * 60_000);
      expect((await h.client.getSession({ sessionToken: short.session?.token ?? '', touch: false })).user?.email).toBe(
        'login@example.test',
      );
      expect(touched.session?.expiresAt?.getTime()).toBeGreaterThan(short.session?.expiresAt?.getTime() ?? 0);
      await h.advance(60 * 60_000);
      expect(
        await failure(h.client.getSession({ sessionToken: short.session?.token ?? '', touch: false })),
      ).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED, reason: 'SESSION_EXPIRED' });
      expect(
        (await h.client.getSession({ sessionToken: long.session?.token ?? '', touch: false })).session?.remember,
      ).toBe(true);
    });

    it('answers a wrong password and an unknown e-mail alike, in comparable time', async () => {
      await h.register({ email: 'timing@example.test' });
      const timed = async (email: string, i: number) => {
        const started = performance.now();
        const error = await failure(
          h.client.login({
            email,
            password: 'wrong-password',
            rememberMe: false,
            client: { ip: `198.51.100.${i}`, userAgent: '' },
          }),
        );
        return { error, ms: performance.now() - started };
      };
      const known = [
        await timed('timing@example.test', 1),
        await timed('timing@example.test', 2),
        await timed('timing@example.test', 3),
      ];
      const unknown = [
        await timed('nobody@example.test', 4),
        await timed('nobody@example.test', 5),
        await timed('nobody@example.test', 6),
      ];
      for (const { error } of [...known, ...unknown])
        expect(error).toMatchObject({
          code: GrpcStatus.UNAUTHENTICATED,
          reason: 'INVALID_CREDENTIALS',
          details: 'these credentials do not match our records',
        });
      const median = (runs: { ms: number }[]) => runs.map((r) => r.ms).sort((a, b) => a - b)[1] ?? 0;
      // Both paths run one argon2id verification; without the dummy hash an unknown e-mail answers in ~1 ms.
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
    });

    it('throttles sign-in per e-mail and IP: "too many attempts, retry in N seconds", even with the right password', async () => {
      await h.register({ email: 'throttle@example.test' });
      const attempt = (password: string, ip = '192.0.2.10') =>
        failure(
          h.client.login({
            email: 'throttle@example.test',
            password,
            rememberMe: false,
            client: { ip, userAgent: '' },
          }),
        );
      const first = await attempt('wrong-1');
      expect(first?.metadata?.attempts_left).toBe('4');
      for (let i = 2; i <= 5; i += 1) expect((await attempt(`wrong-${i}`))?.reason).toBe('INVALID_CREDENTIALS');
      const throttled = await attempt('secret-pass');
      expect(throttled).toMatchObject({ code: GrpcStatus.RESOURCE_EXHAUSTED, reason: 'LOGIN_THROTTLED' });
      expect(throttled?.details).toMatch(/^too many attempts, retry in \d+ seconds$/);
      const seconds = Number(/retry in (\d+)/.exec(throttled?.details ?? '')?.[1]);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(throttled?.retryAfterMs).toBeGreaterThan((seconds - 1) * 1000);
      expect(await attempt('secret-pass', '192.0.2.11')).toBeNull();
    });

    it('logs out one session or all of them; logging out twice is fine', async () => {
      await h.register({ email: 'logout@example.test' });
      const login = () =>
        h.client.login({ email: 'logout@example.test', password: 'secret-pass', rememberMe: false, client: IP });
      const [a, b, c] = [await login(), await login(), await login()];
      expect(await h.client.logout({ sessionToken: a.session?.token ?? '', allSessions: false })).toEqual({ ended: 1 });
      expect(await h.client.logout({ sessionToken: a.session?.token ?? '', allSessions: false })).toEqual({ ended: 0 });
      expect((await failure(h.client.getSession({ sessionToken: a.session?.token ?? '', touch: false })))?.reason).toBe(
        'SESSION_UNKNOWN',
      );
      expect(
        (await h.client.logout({ sessionToken: b.session?.token ?? '', allSessions: true })).ended,
      ).toBeGreaterThanOrEqual(2);
      expect((await failure(h.client.getSession({ sessionToken: c.session?.token ?? '', touch: false })))?.code).toBe(
        GrpcStatus.UNAUTHENTICATED,
      );
      expect((await failure(h.client.getSession({ sessionToken: '', touch: false })))?.code).toBe(
        GrpcStatus.INVALID_ARGUMENT,
      );
    });

    it('resets a forgotten password by e-mailed link once, ending every session', async () => {
      await h.register({ email: 'reset@example.test' });
      const old = await h.signIn('reset@example.test');
      expect(
        await h.client.requestPasswordReset({ email: 'Reset@example.test', language: 'de', resetUrl: '', client: IP }),
      ).toEqual({ expiresInMinutes: 60 });
      const link = h.mail.link('reset@example.test', 'password-reset');
      expect(link.origin + link.pathname).toBe('https://site.test/reset-password');
      expect(h.mail.latest('reset@example.test', 'password-reset')?.subject).toBe('Passwort zurücksetzen');
      const token = link.searchParams.get('token') ?? '';
      const reset = (t: string, password = 'new-secret') =>
        h.client.resetPassword({
          token: t,
          email: 'reset@example.test',
          password,
          passwordConfirmation: password,
          rememberMe: false,
          client: IP,
        });
      expect(await failure(reset('forged-token'))).toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        reason: 'TOKEN_INVALID_OR_EXPIRED',
      });
      expect(
        (
          await failure(
            h.client.resetPassword({
              token,
              email: 'reset@example.test',
              password: 'abc',
              passwordConfirmation: 'abc',
              rememberMe: false,
              client: IP,
            }),
          )
        )?.violations,
      ).toEqual([expect.objectContaining({ field: 'password', rule: 'min' })]);
      const done = await reset(token);
      expect(done.user).toMatchObject({ email: 'reset@example.test', emailVerified: true });
      expect(done.session?.token).toBeTruthy();
      expect((await failure(h.client.getSession({ sessionToken: old?.token ?? '', touch: false })))?.code).toBe(
        GrpcStatus.UNAUTHENTICATED,
      );
      expect((await failure(reset(token, 'another-secret')))?.reason).toBe('TOKEN_INVALID_OR_EXPIRED');
      expect(
        (await h.client.login({ email: 'reset@example.test', password: 'new-secret', rememberMe: false, client: IP }))
          .user?.email,
      ).toBe('reset@example.test');
    });

    it('lets a reset link expire and never tells whether an address has an account', async () => {
      await h.register({ email: 'expire@example.test' });
      const known = await h.client.requestPasswordReset({
        email: 'expire@example.test',
        language: '',
        resetUrl: 'https://site.test/en-ch/reset',
        client: IP,
      });
      const unknown = await h.client.requestPasswordReset({
        email: 'ghost@example.test',
        language: '',
        resetUrl: '',
        client: IP,
      });
      expect(unknown).toEqual(known);
      expect(h.mail.latest('ghost@example.test')?.text).toContain('no user with that email');
      expect(
        await failure(
          h.client.requestPasswordReset({ email: 'ghost@example.test', language: '', resetUrl: '', client: IP }),
        ),
      ).toMatchObject({ code: GrpcStatus.RESOURCE_EXHAUSTED });
      const phishing = await failure(
        h.client.requestPasswordReset({
          email: 'expire@example.test',
          language: '',
          resetUrl: 'https://evil.test/reset',
          client: IP,
        }),
      );
      expect(phishing?.violations).toEqual([expect.objectContaining({ field: 'reset_url', rule: 'in' })]);
      const token = h.mail.link('expire@example.test', 'password-reset').searchParams.get('token') ?? '';
      await h.advance(61 * 60_000);
      const late = await failure(
        h.client.resetPassword({
          token,
          email: 'expire@example.test',
          password: 'new-secret',
          passwordConfirmation: 'new-secret',
          rememberMe: false,
          client: IP,
        }),
      );
      expect(late?.reason).toBe('TOKEN_INVALID_OR_EXPIRED');
    });

    it('verifies the e-mail from its link, resends a fresh one, and refuses forged links', async () => {
      const { user } = await h.register({ email: 'verify@example.test' });
      const session = await h.signIn('verify@example.test');
      const first = h.mail.link('verify@example.test', 'email-verification');
      expect((await failure(h.client.verifyEmail({ userId: user?.id ?? '', token: 'forged' })))?.reason).toBe(
        'TOKEN_INVALID_OR_EXPIRED',
      );
      const { sentAt } = await h.client.resendVerification({ actorUserId: user?.id ?? '', verifyUrl: '' });
      expect(sentAt).toBeInstanceOf(Date);
      expect(await failure(h.client.resendVerification({ actorUserId: user?.id ?? '', verifyUrl: '' }))).toMatchObject({
        code: GrpcStatus.RESOURCE_EXHAUSTED,
      });
      const fresh = h.mail.link('verify@example.test', 'email-verification');
      expect(fresh.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
      expect(
        (await failure(h.client.verifyEmail({ userId: user?.id ?? '', token: first.searchParams.get('token') ?? '' })))
          ?.reason,
      ).toBe('TOKEN_INVALID_OR_EXPIRED');
      const verified = await h.client.verifyEmail({
        userId: fresh.searchParams.get('user') ?? '',
        token: fresh.searchParams.get('token') ?? '',
      });
      expect(verified.user).toMatchObject({ emailVerified: true });
      expect((await h.client.verifyEmail({ userId: user?.id ?? '', token: 'anything' })).user?.emailVerified).toBe(
        true,
      );
      await h.advance(61_000);
      expect(await failure(h.client.resendVerification({ actorUserId: user?.id ?? '', verifyUrl: '' }))).toMatchObject({
        code: GrpcStatus.FAILED_PRECONDITION,
        reason: 'ALREADY_VERIFIED',
      });
      expect(
        (await h.client.getSession({ sessionToken: session?.token ?? '', touch: false })).user?.emailVerified,
      ).toBe(true);
    });

    it('changes the password with the current one, ending the other sessions but the kept one', async () => {
      const { user } = await h.register({ email: 'change@example.test' });
      const session = await h.signIn('change@example.test');
      const other = await h.client.login({
        email: 'change@example.test',
        password: 'secret-pass',
        rememberMe: false,
        client: IP,
      });
      const change = (current: string) =>
        h.client.changePassword({
          actorUserId: user?.id ?? '',
          currentPassword: current,
          password: 'changed-pass',
          passwordConfirmation: 'changed-pass',
          keepSessionId: session?.id ?? '',
          client: IP,
        });
      expect(await failure(change('wrong'))).toMatchObject({
        code: GrpcStatus.UNAUTHENTICATED,
        reason: 'INVALID_CREDENTIALS',
      });
      expect(await change('secret-pass')).toEqual({ sessionsEnded: 1 });
      expect((await h.client.getSession({ sessionToken: session?.token ?? '', touch: false })).user?.id).toBe(user?.id);
      expect(
        (await failure(h.client.getSession({ sessionToken: other.session?.token ?? '', touch: false })))?.code,
      ).toBe(GrpcStatus.UNAUTHENTICATED);
      expect(
        (
          await h.client.login({
            email: 'change@example.test',
            password: 'changed-pass',
            rememberMe: false,
            client: IP,
          })
        ).user?.id,
      ).toBe(user?.id);
      expect(
        (
          await failure(
            h.client.changePassword({
              actorUserId: '',
              currentPassword: 'x',
              password: 'yyyyyy',
              passwordConfirmation: 'yyyyyy',
              keepSessionId: '',
              client: IP,
            }),
          )
        )?.code,
      ).toBe(GrpcStatus.UNAUTHENTICATED);
    });
  });
}
