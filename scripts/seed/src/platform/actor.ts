import type { SeedConfig } from '../config.js';
import type { PlatformClients } from './clients.js';

/**
 * Who the seed's staff writes act as (directory shops, FX rates, product data; offers and catalog
 * check the role with accounts.GetUser): SEED_ACTOR_USER_ID names an admin directly; otherwise
 * SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD sign in through accounts. Empty when neither is
 * configured: the seed is then a trusted internal caller (the empty actor_user_id of the protos),
 * which the services let through as staff — the default of `npm start`.
 */
export async function resolveActor(config: SeedConfig, clients: PlatformClients): Promise<string> {
  if (config.SEED_ACTOR_USER_ID) return config.SEED_ACTOR_USER_ID;
  if (!config.SEED_ADMIN_EMAIL || !config.SEED_ADMIN_PASSWORD) return '';
  const { user } = await clients.accounts.login({
    email: config.SEED_ADMIN_EMAIL,
    password: config.SEED_ADMIN_PASSWORD,
    rememberMe: false,
    client: undefined,
  });
  if (!user) throw new Error('accounts.Login answered without a user');
  if (!user.isAdmin) throw new Error(`${config.SEED_ADMIN_EMAIL} is not an admin: the seed needs staff rights`);
  return user.id;
}
