import { AccountsHarness, EMBEDDED } from './accounts-harness.js';

const ROOT = { ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL: 'root@staff.test', ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD: 'root-secret' };

/** A real accounts service and its bootstrap admin (every staff panel), for a service test's staff calls. */
export interface StaffAccounts {
  readonly accounts: AccountsHarness;
  /** ACCOUNTS_GRPC_ADDR for the service under test: it asks here for the actor's roles. */
  readonly address: string;
  /** The staff user a test's staff calls name as their actor. */
  readonly staffUserId: string;
  stop(): Promise<void>;
}

/**
 * Starts accounts with a bootstrap admin and signs it in: a service test that calls staff RPCs
 * names this user (ADR 064, docs/conventions.md §9), as the admin app names the signed-in staff
 * user, instead of an empty actor that no service takes for staff.
 */
export async function startStaffAccounts(): Promise<StaffAccounts> {
  const accounts = await AccountsHarness.start(EMBEDDED, ROOT);
  const { user } = await accounts.client.login({
    email: ROOT.ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL,
    password: ROOT.ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD,
    rememberMe: false,
    client: undefined,
  });
  if (!user) throw new Error('the bootstrap admin could not sign in');
  return { accounts, address: accounts.address, staffUserId: user.id, stop: () => accounts.stop() };
}
