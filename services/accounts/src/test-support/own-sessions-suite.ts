import { status as GrpcStatus } from '@grpc/grpc-js';
import { AccountsHarness, failure, type EngineAdapters } from './accounts-harness.js';

const PHONE = { ip: '198.51.100.4', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1' };
const LAPTOP = { ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36' };

/**
 * Where a user is signed in (ADR 149): their own sessions listed with browser and address, one
 * ended by id (a lost phone), or all but the caller's; never another user's.
 */
export function describeOwnSessionFlows(engine: EngineAdapters): void {
  describe(`accounts own sessions (${engine.name})`, () => {
    let h: AccountsHarness;
    beforeAll(async () => {
      h = await AccountsHarness.start(engine);
    });
    afterAll(() => h.stop());

    /** A registered user signed in on a phone, then on a laptop. */
    async function userOnTwoDevices(email: string) {
      const userId = (await h.register({ email })).user?.id ?? '';
      const signIn = async (client: typeof PHONE, rememberMe: boolean) => {
        const { session } = await h.client.login({ email, password: 'secret-pass', rememberMe, client });
        return { id: session?.id ?? '', token: session?.token ?? '' };
      };
      const phone = await signIn(PHONE, true);
      await h.advance(1_000);
      const laptop = await signIn(LAPTOP, false);
      return { userId, phone, laptop };
    }
    const resolves = async (token: string) =>
      (await h.client.getSession({ sessionToken: token, touch: false }).then(
        () => true,
        () => false,
      )) as boolean;

    it('lists the own sessions, the most recently used first, with browser and address, the caller’s marked, no token', async () => {
      const { userId, phone, laptop } = await userOnTwoDevices('two.devices@example.test');
      const other = await userOnTwoDevices('someone.else@example.test');
      const { sessions } = await h.client.listOwnSessions({ actorUserId: userId, currentSessionId: laptop.id });
      expect(sessions.map((s) => [s.session?.id, s.userAgent, s.ip, s.current, s.session?.remember])).toEqual([
        [laptop.id, LAPTOP.userAgent, LAPTOP.ip, true, false],
        [phone.id, PHONE.userAgent, PHONE.ip, false, true],
      ]);
      expect(sessions.every((s) => s.session?.token === '' && s.session.userId === userId)).toBe(true);
      expect(sessions.map((s) => s.session?.id)).not.toContain(other.phone.id);
      // Using the phone again puts it first.
      await h.advance(1_000);
      await h.client.getSession({ sessionToken: phone.token, touch: true });
      const again = await h.client.listOwnSessions({ actorUserId: userId, currentSessionId: '' });
      expect(again.sessions.map((s) => [s.session?.id, s.current])).toEqual([
        [phone.id, false],
        [laptop.id, false],
      ]);
    });

    it('leaves out a session that expired (two hours unused without "remember me")', async () => {
      const { userId, phone } = await userOnTwoDevices('expiring@example.test');
      await h.advance(3 * 3_600_000);
      const { sessions } = await h.client.listOwnSessions({ actorUserId: userId, currentSessionId: '' });
      expect(sessions.map((s) => s.session?.id)).toEqual([phone.id]);
    });

    it('ends one session by id: its browser is signed out, the other stays signed in', async () => {
      const { userId, phone, laptop } = await userOnTwoDevices('lost.phone@example.test');
      expect(await h.client.endOwnSession({ actorUserId: userId, sessionId: phone.id })).toEqual({});
      expect([await resolves(phone.token), await resolves(laptop.token)]).toEqual([false, true]);
      // Ended already: there is no such session any more.
      expect((await failure(h.client.endOwnSession({ actorUserId: userId, sessionId: phone.id })))?.code).toBe(
        GrpcStatus.NOT_FOUND,
      );
    });

    it("never ends another user's session: its id answers as an unknown one", async () => {
      const anna = await userOnTwoDevices('anna.sessions@example.test');
      const ben = await userOnTwoDevices('ben.sessions@example.test');
      const refused = await failure(h.client.endOwnSession({ actorUserId: anna.userId, sessionId: ben.phone.id }));
      const unknown = await failure(h.client.endOwnSession({ actorUserId: anna.userId, sessionId: 's_unknown' }));
      expect([refused?.code, unknown?.code]).toEqual([GrpcStatus.NOT_FOUND, GrpcStatus.NOT_FOUND]);
      expect(await resolves(ben.phone.token)).toBe(true);
      expect((await h.client.endOtherSessions({ actorUserId: anna.userId, keepSessionId: ben.phone.id })).ended).toBe(
        2,
      );
      expect(await resolves(ben.phone.token)).toBe(true);
    });

    it('ends every session but the caller’s', async () => {
      const { userId, phone, laptop } = await userOnTwoDevices('elsewhere@example.test');
      const third = await h.client.login({
        email: 'elsewhere@example.test',
        password: 'secret-pass',
        rememberMe: false,
        client: PHONE,
      });
      expect(await h.client.endOtherSessions({ actorUserId: userId, keepSessionId: laptop.id })).toEqual({ ended: 2 });
      expect([
        await resolves(phone.token),
        await resolves(third.session?.token ?? ''),
        await resolves(laptop.token),
      ]).toEqual([false, false, true]);
      const { sessions } = await h.client.listOwnSessions({ actorUserId: userId, currentSessionId: laptop.id });
      expect(sessions.map((s) => s.session?.id)).toEqual([laptop.id]);
    });

    it('refuses a missing id naming the field, and a caller who is not a live user', async () => {
      const { userId, phone } = await userOnTwoDevices('bad.input@example.test');
      const noId = await failure(h.client.endOwnSession({ actorUserId: userId, sessionId: ' ' }));
      expect([noId?.code, noId?.violations]).toEqual([
        GrpcStatus.INVALID_ARGUMENT,
        [expect.objectContaining({ field: 'session_id', rule: 'required' })],
      ]);
      const noKeep = await failure(h.client.endOtherSessions({ actorUserId: userId, keepSessionId: '' }));
      expect(noKeep?.violations).toEqual([expect.objectContaining({ field: 'keep_session_id', rule: 'required' })]);
      expect(await resolves(phone.token)).toBe(true);
      for (const call of [
        h.client.listOwnSessions({ actorUserId: '', currentSessionId: '' }),
        h.client.endOwnSession({ actorUserId: 'u_nobody', sessionId: phone.id }),
        h.client.endOtherSessions({ actorUserId: 'u_nobody', keepSessionId: phone.id }),
      ])
        expect((await failure(call))?.code).toBe(GrpcStatus.UNAUTHENTICATED);
      expect(await resolves(phone.token)).toBe(true);
    });
  });
}
