import { status as GrpcStatus } from '@grpc/grpc-js';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import { OffersHarness } from '../../../../services/offers/src/test-support/offers-harness.js';
import { loadSeedConfig } from '../config.js';
import { SeedFailure } from '../run/seed-failure.js';
import { resolveActor } from './actor.js';
import type { PlatformClients } from './clients.js';
import { setFxRates } from './fx-rates.js';

/** The offers harness's bootstrap admin (every staff panel). */
const ROOT = { SEED_ADMIN_EMAIL: 'root@offers.test', SEED_ADMIN_PASSWORD: 'root-secret' };
const asOf = new Date('2026-01-01T00:00:00Z');

/**
 * The seed acts as a named staff user (ADR 064): it signs that user's token as the `seed`
 * principal, and offers checks the user's role with accounts like anyone's; the seed alone is no
 * staff, and a seed without a staff user stops before writing.
 */
describe('the seed’s staff user', () => {
  const become = useTestIdentity('seed');
  let h: OffersHarness;
  let clients: PlatformClients;
  let member: string;

  beforeAll(async () => {
    await become('ops');
    h = await OffersHarness.start();
    member = await h.registerUser('member@seed.test', true);
    await become('seed');
    clients = { offers: h.offers, accounts: h.accounts } as PlatformClients;
  });
  afterAll(() => h.stop());

  const config = (env: Record<string, string>) => loadSeedConfig({ ...env });

  it('is whom SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD sign in as, or SEED_ACTOR_USER_ID names', async () => {
    const root = await resolveActor(config(ROOT), clients);
    expect(root).toBe(await h.adminId());
    expect(await resolveActor(config({ SEED_ACTOR_USER_ID: root }), clients)).toBe(root);
  });

  it('must be configured: without one the seed stops before its first write, saying what to set', async () => {
    const refused = resolveActor(config({}), clients);
    await expect(refused).rejects.toBeInstanceOf(SeedFailure);
    await expect(refused).rejects.toThrow(/SEED_ACTOR_USER_ID.*SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD/);
  });

  it('must be staff: a user without the roles is refused at sign-in', async () => {
    await expect(
      resolveActor(config({ SEED_ADMIN_EMAIL: 'member@seed.test', SEED_ADMIN_PASSWORD: 'secret-pass' }), clients),
    ).rejects.toThrow(/is not staff/);
  });

  it('makes the seed’s writes as that user; the seed alone, or for a user without the role, is refused', async () => {
    const root = await h.adminId();
    expect(await setFxRates(clients, root, asOf)).toBe(12);
    await expect(setFxRates(clients, '', asOf)).rejects.toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
      reason: 'STAFF_ROLE_REQUIRED',
    });
    await expect(setFxRates(clients, member, asOf)).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
  });

  it('is the seed’s only on the RPCs the call graph grants the seed', async () => {
    const root = await h.adminId();
    await expect(h.offers.deleteShop({ actorUserId: root, shopId: 'nope' })).rejects.toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
      reason: 'CALLER_NOT_ALLOWED',
    });
  });
});
