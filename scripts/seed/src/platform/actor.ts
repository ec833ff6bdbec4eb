import type { SeedConfig } from '../config.js';
import { SeedFailure } from '../run/seed-failure.js';
import type { PlatformClients } from './clients.js';

/** What to set when the seed has no staff user to act as. */
export const NO_STAFF_USER =
  'the seed acts as a named staff user (staff:shopping, staff:admin, staff:affiliates, staff:crawler): ' +
  'set SEED_ACTOR_USER_ID to its id, or SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD ' +
  '(`npm run admin:create -- --email … --password … --panels shopping,admin,affiliates,crawler` makes one; ' +
  '`npm start` makes one for its own seed)';

/**
 * The staff user the seed's writes act as (directory shops, FX rates, product data, promotions,
 * crawl hand-off): SEED_ACTOR_USER_ID names it directly; otherwise SEED_ADMIN_EMAIL /
 * SEED_ADMIN_PASSWORD sign in through accounts. The seed signs that user's token on each call
 * (ADR 052: the seed is a user front for its own few RPCs), and every service checks the user's
 * panel role as for anyone: the seed itself is never staff. Without either it stops here, before
 * any write, instead of being refused by the first one.
 */
export async function resolveActor(config: SeedConfig, clients: PlatformClients): Promise<string> {
  if (config.SEED_ACTOR_USER_ID) return config.SEED_ACTOR_USER_ID;
  if (!config.SEED_ADMIN_EMAIL || !config.SEED_ADMIN_PASSWORD) throw new SeedFailure(NO_STAFF_USER);
  const { user } = await clients.accounts.login({
    email: config.SEED_ADMIN_EMAIL,
    password: config.SEED_ADMIN_PASSWORD,
    rememberMe: false,
    client: undefined,
  });
  if (!user) throw new Error('accounts.Login answered without a user');
  if (!user.isAdmin) throw new SeedFailure(`${config.SEED_ADMIN_EMAIL} is not staff: ${NO_STAFF_USER}`);
  return user.id;
}
