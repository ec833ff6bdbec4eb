import { status as GrpcStatus } from '@grpc/grpc-js';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import { AccountsHarness, failure } from './test-support/accounts-harness.js';

const ROOT = { ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL: 'root@staff.test', ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD: 'root-secret' };

describe('accounts.GetUser: the e-mail address only for callers entitled to it', () => {
  const become = useTestIdentity('ops');
  let accounts: AccountsHarness;
  let ann: string;
  let bob: string;
  let root: string;

  beforeAll(async () => {
    accounts = await AccountsHarness.start(undefined, ROOT);
    ann = (await accounts.register({ email: 'ann@identity.test' })).user?.id ?? '';
    bob = (await accounts.register({ email: 'bob@identity.test' })).user?.id ?? '';
    const signedIn = await accounts.client.login({
      email: ROOT.ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL,
      password: ROOT.ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD,
      rememberMe: false,
      client: undefined,
    });
    root = signedIn.user?.id ?? '';
  });
  afterEach(() => become('ops'));
  afterAll(() => accounts.stop());

  const emailOf = async (userId: string, asUser?: string): Promise<string | undefined> =>
    (await accounts.client.getUser({ userId }, asUser ? { asUser } : {})).user?.email;

  it('gives the user their own address and a staff:admin holder anyone’s', async () => {
    expect(await emailOf(ann, ann)).toBe('ann@identity.test');
    expect(await emailOf(ann, root)).toBe('ann@identity.test');
  });

  it('gives another user and services that do not mail the user without the address', async () => {
    expect(await emailOf(ann, bob)).toBe('');
    expect(await emailOf(ann)).toBe('');
    await become('billing');
    expect(await emailOf(ann)).toBe('');
  });

  it('gives the services that mail users the address: notifications (alerts), offers (shop owners)', async () => {
    await become('notifications');
    expect(await emailOf(bob)).toBe('bob@identity.test');
    await become('offers');
    expect(await emailOf(bob)).toBe('bob@identity.test');
  });

  it('refuses a caller the call graph does not allow to read users', async () => {
    await become('seed');
    expect(await failure(accounts.client.getUser({ userId: ann }))).toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
      reason: 'CALLER_NOT_ALLOWED',
    });
  });
});
