import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { Secret, TOTP } from 'otpauth';
import { AccountsHarness, eventually, failure, type EngineAdapters } from './accounts-harness.js';

const CLIENT = { ip: '203.0.113.30', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' };
/** Where `userWithTwoStep` sets it up: codes are throttled per address and IP, and these tests count them. */
const SETUP_CLIENT = { ...CLIENT, ip: '198.51.100.31' };
const STEP_MS = 30_000;

/** Every file under a folder, as bytes (the embedded engines' files). */
function filesUnder(dir: string): Buffer[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [readFileSync(path)];
  });
}

/**
 * Two-step sign-in (ADR 153): turned on with the app's code after the password, asked for after
 * every password (and after a reset), each code once, recovery codes once each, turned off with
 * password and code.
 */
export function describeTwoStepFlows(engine: EngineAdapters): void {
  describe(`accounts two-step sign-in (${engine.name})`, () => {
    let h: AccountsHarness;
    beforeAll(async () => {
      h = await AccountsHarness.start(engine);
    });
    afterAll(() => h.stop());

    /** The code the app shows at the service's time, `steps` 30-second steps later. */
    const codeOf = (secret: string, steps = 0) =>
      new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: h.now().getTime() + steps * STEP_MS });

    const signInFirstStep = async (email: string, rememberMe = false) =>
      h.client.login({ email, password: 'secret-pass', rememberMe, client: CLIENT });

    /** A user with two-step sign-in on: its id, the app's secret and the recovery codes. */
    async function userWithTwoStep(email: string) {
      const userId = (await h.register({ email })).user?.id ?? '';
      const { secret } = await h.client.startTwoStepSetup({
        actorUserId: userId,
        password: 'secret-pass',
        client: SETUP_CLIENT,
      });
      const { recoveryCodes } = await h.client.confirmTwoStepSetup({
        actorUserId: userId,
        code: codeOf(secret),
        client: SETUP_CLIENT,
      });
      // The confirming code's step is spent: the next sign-in types the next one.
      await h.advance(STEP_MS);
      return { userId, secret, recoveryCodes };
    }

    it('turns on after the password with a code for the new secret, answering ten recovery codes once, and mails the owner', async () => {
      const email = 'two.step.on@example.test';
      const userId = (await h.register({ email })).user?.id ?? '';
      expect(await h.client.getTwoStep({ actorUserId: userId })).toEqual({ on: false, recoveryCodesLeft: 0 });
      expect(
        await failure(h.client.startTwoStepSetup({ actorUserId: userId, password: 'wrong-pass', client: CLIENT })),
      ).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED, reason: 'INVALID_CREDENTIALS' });
      expect(
        await failure(h.client.startTwoStepSetup({ actorUserId: userId, password: '', client: CLIENT })),
      ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, violations: [{ field: 'password', rule: 'required' }] });
      expect(
        await failure(h.client.confirmTwoStepSetup({ actorUserId: userId, code: '123456', client: CLIENT })),
      ).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'NO_SETUP' });

      const setup = await h.client.startTwoStepSetup({ actorUserId: userId, password: 'secret-pass', client: CLIENT });
      expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(setup.otpauthUri);
      expect([uri.protocol, uri.host, decodeURIComponent(uri.pathname)]).toEqual([
        'otpauth:',
        'totp',
        `/pricecompare:${email}`,
      ]);
      expect(Object.fromEntries(uri.searchParams)).toMatchObject({
        secret: setup.secret,
        issuer: 'pricecompare',
        algorithm: 'SHA1',
        digits: '6',
        period: '30',
      });
      // Not on until confirmed: the password alone still signs in.
      expect((await signInFirstStep(email)).session?.token).toBeTruthy();
      expect(
        await failure(h.client.confirmTwoStepSetup({ actorUserId: userId, code: '12345', client: CLIENT })),
      ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, violations: [{ field: 'code', rule: 'regex' }] });
      const wrong = String((Number(codeOf(setup.secret)) + 500_000) % 1_000_000).padStart(6, '0');
      expect(
        await failure(h.client.confirmTwoStepSetup({ actorUserId: userId, code: wrong, client: CLIENT })),
      ).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED, reason: 'INVALID_CODE' });

      const { recoveryCodes } = await h.client.confirmTwoStepSetup({
        actorUserId: userId,
        code: codeOf(setup.secret),
        client: CLIENT,
      });
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      expect(recoveryCodes.every((code) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(code))).toBe(true);
      const state = await h.client.getTwoStep({ actorUserId: userId });
      expect([state.on, state.recoveryCodesLeft, state.onSince?.getTime()]).toEqual([true, 10, expect.any(Number)]);
      expect((await h.client.getUser({ userId })).user?.twoStepOnSince).toEqual(state.onSince);
      expect(
        await failure(h.client.startTwoStepSetup({ actorUserId: userId, password: 'secret-pass', client: CLIENT })),
      ).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'TWO_STEP_ON' });
      const mail = await eventually(() => h.mail.latest(email, 'two-step-on'));
      expect(mail.subject).toBe('Two-step sign-in is on');
      expect(mail.text).toContain('https://site.test/account#two-step');
      // The secret is kept sealed: no file of the embedded engines holds it as text.
      if (engine.name === 'embedded') {
        const files = filesUnder(h.dataDir);
        expect(files.some((bytes) => bytes.includes(email))).toBe(true);
        expect(files.some((bytes) => bytes.includes(setup.secret))).toBe(false);
      }
    });

    it('takes no code for a setup started more than fifteen minutes ago', async () => {
      const userId = (await h.register({ email: 'slow.setup@example.test' })).user?.id ?? '';
      const { secret } = await h.client.startTwoStepSetup({
        actorUserId: userId,
        password: 'secret-pass',
        client: CLIENT,
      });
      await h.advance(16 * 60_000);
      expect(
        await failure(h.client.confirmTwoStepSetup({ actorUserId: userId, code: codeOf(secret), client: CLIENT })),
      ).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'NO_SETUP' });
    });

    it('asks for the code after the password: no session before it, each challenge and each code once', async () => {
      const email = 'asked.for.code@example.test';
      const { secret } = await userWithTwoStep(email);
      const first = await signInFirstStep(email, true);
      expect([first.user, first.session]).toEqual([undefined, undefined]);
      expect(first.twoStep?.token).toBeTruthy();
      const lasts = (first.twoStep?.expiresAt?.getTime() ?? 0) - h.now().getTime();
      expect(lasts > 4.9 * 60_000 && lasts <= 5 * 60_000).toBe(true);
      const challengeToken = first.twoStep?.token ?? '';

      const wrongCode = String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, '0');
      expect(await failure(h.client.completeSignIn({ challengeToken, code: wrongCode, client: CLIENT }))).toMatchObject(
        { code: GrpcStatus.UNAUTHENTICATED, reason: 'INVALID_CODE', metadata: { attempts_left: '4' } },
      );
      expect(await failure(h.client.completeSignIn({ challengeToken, code: '', client: CLIENT }))).toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        violations: [{ field: 'code', rule: 'required' }],
      });

      const code = codeOf(secret);
      const done = await h.client.completeSignIn({ challengeToken, code, client: CLIENT });
      expect([done.user?.email, done.session?.remember, done.recoveryCodeUsed]).toEqual([email, true, false]);
      expect((await h.client.getSession({ sessionToken: done.session?.token ?? '', touch: false })).user?.email).toBe(
        email,
      );
      // The challenge is spent, and so is the code: a second sign-in with it is refused.
      expect(await failure(h.client.completeSignIn({ challengeToken, code, client: CLIENT }))).toMatchObject({
        code: GrpcStatus.UNAUTHENTICATED,
        reason: 'CHALLENGE_EXPIRED',
      });
      const again = (await signInFirstStep(email)).twoStep?.token ?? '';
      expect(await failure(h.client.completeSignIn({ challengeToken: again, code, client: CLIENT }))).toMatchObject({
        code: GrpcStatus.UNAUTHENTICATED,
        reason: 'INVALID_CODE',
      });
      // The app's next code does.
      await h.advance(STEP_MS);
      expect(
        (await h.client.completeSignIn({ challengeToken: again, code: codeOf(secret), client: CLIENT })).session,
      ).toBeDefined();
    });

    it('ends a challenge after five wrong codes, and one five minutes old', async () => {
      const email = 'guessing.codes@example.test';
      const { secret } = await userWithTwoStep(email);
      const challengeToken = (await signInFirstStep(email)).twoStep?.token ?? '';
      const wrong = String((Number(codeOf(secret)) + 7) % 1_000_000).padStart(6, '0');
      const left: (string | undefined)[] = [];
      for (let i = 0; i < 5; i++)
        left.push(
          (await failure(h.client.completeSignIn({ challengeToken, code: wrong, client: CLIENT })))?.metadata
            ?.attempts_left,
        );
      expect(left).toEqual(['4', '3', '2', '1', '0']);
      expect(
        await failure(h.client.completeSignIn({ challengeToken, code: codeOf(secret), client: CLIENT })),
      ).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED, reason: 'CHALLENGE_EXPIRED' });

      await h.advance(60_000);
      const late = (await signInFirstStep(email)).twoStep?.token ?? '';
      await h.advance(5 * 60_000);
      expect(
        await failure(h.client.completeSignIn({ challengeToken: late, code: codeOf(secret), client: CLIENT })),
      ).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED, reason: 'CHALLENGE_EXPIRED' });
    });

    it('signs in once with each recovery code and mails the owner how many are left', async () => {
      const email = 'lost.phone.codes@example.test';
      const { recoveryCodes } = await userWithTwoStep(email);
      const [code = ''] = recoveryCodes;
      const typed = ` ${code.toUpperCase().replace('-', ' - ')} `;
      const done = await h.client.completeSignIn({
        challengeToken: (await signInFirstStep(email)).twoStep?.token ?? '',
        code: typed,
        client: CLIENT,
      });
      expect([done.session?.token !== '', done.recoveryCodeUsed, done.recoveryCodesLeft]).toEqual([true, true, 9]);
      const mail = await eventually(() => h.mail.latest(email, 'two-step-recovery-code-used'));
      expect(mail.text).toContain('9 left');
      expect(
        await failure(
          h.client.completeSignIn({
            challengeToken: (await signInFirstStep(email)).twoStep?.token ?? '',
            code,
            client: CLIENT,
          }),
        ),
      ).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED, reason: 'INVALID_CODE' });
    });

    it('asks for the code after a password reset too', async () => {
      const email = 'reset.with.two.step@example.test';
      const { secret } = await userWithTwoStep(email);
      await h.client.requestPasswordReset({ email, language: 'en', resetUrl: '', client: CLIENT });
      const link = await eventually(
        () => h.mail.latest(email, 'password-reset') && h.mail.link(email, 'password-reset'),
      );
      const reset = await h.client.resetPassword({
        token: link.searchParams.get('token') ?? '',
        email,
        password: 'new-secret-pass',
        passwordConfirmation: 'new-secret-pass',
        rememberMe: false,
        client: CLIENT,
      });
      expect([reset.user, reset.session, Boolean(reset.twoStep?.token)]).toEqual([undefined, undefined, true]);
      const done = await h.client.completeSignIn({
        challengeToken: reset.twoStep?.token ?? '',
        code: codeOf(secret),
        client: CLIENT,
      });
      expect(done.session?.token).toBeTruthy();
    });

    it('renews the recovery codes after a code, and turns off after password and code', async () => {
      const email = 'turning.off@example.test';
      const { userId, secret, recoveryCodes } = await userWithTwoStep(email);
      const renewed = await h.client.renewRecoveryCodes({ actorUserId: userId, code: codeOf(secret), client: CLIENT });
      expect(renewed.recoveryCodes).toHaveLength(10);
      expect(renewed.recoveryCodes.some((code) => recoveryCodes.includes(code))).toBe(false);
      const challengeToken = (await signInFirstStep(email)).twoStep?.token ?? '';
      expect(
        await failure(h.client.completeSignIn({ challengeToken, code: recoveryCodes[0] ?? '', client: CLIENT })),
      ).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED, reason: 'INVALID_CODE' });

      await h.advance(STEP_MS);
      expect(
        await failure(
          h.client.turnOffTwoStep({
            actorUserId: userId,
            password: 'wrong-pass',
            code: codeOf(secret),
            client: CLIENT,
          }),
        ),
      ).toMatchObject({ code: GrpcStatus.UNAUTHENTICATED, reason: 'INVALID_CREDENTIALS' });
      expect(
        await failure(
          h.client.turnOffTwoStep({ actorUserId: userId, password: 'secret-pass', code: 'not-a-code', client: CLIENT }),
        ),
      ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, violations: [{ field: 'code', rule: 'regex' }] });
      expect(
        await h.client.turnOffTwoStep({
          actorUserId: userId,
          password: 'secret-pass',
          code: renewed.recoveryCodes[3] ?? '',
          client: CLIENT,
        }),
      ).toEqual({});
      expect(await h.client.getTwoStep({ actorUserId: userId })).toEqual({ on: false, recoveryCodesLeft: 0 });
      expect((await signInFirstStep(email)).session?.token).toBeTruthy();
      expect((await eventually(() => h.mail.latest(email, 'two-step-off'))).subject).toBe('Two-step sign-in is off');
      expect(
        await failure(h.client.renewRecoveryCodes({ actorUserId: userId, code: codeOf(secret, 1), client: CLIENT })),
      ).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'TWO_STEP_OFF' });
    });
  });
}
