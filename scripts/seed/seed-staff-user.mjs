// The staff user the seed of `npm start` acts as (ADR 064): the seed is never staff on its own, it
// signs the token of a named staff user and every service checks that user's roles. Chosen in
// this order: the SEED_ACTOR_USER_ID or SEED_ADMIN_EMAIL/SEED_ADMIN_PASSWORD the caller set; the
// bootstrap admin of `npm start` (ACCOUNTS_BOOTSTRAP_ADMIN_*), when set; else a staff user of its
// own, made (or found) in the platform's accounts store by `admin:create` with only the roles the
// seed's writes need.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const createAdmin = join(root, 'services', 'accounts', 'dist', 'admin', 'create-admin.js');

/** The seed's own staff user: its writes touch shops and FX rates (staff:admin in offers),
 *  products (shopping), promotions (affiliates) and crawls (crawler). */
export const SEED_STAFF_EMAIL = 'seed@pricecompare.local';
const SEED_PANELS = 'shopping,admin,affiliates,crawler';

/** The SEED_* variables naming the staff user the seed of a local platform acts as. */
export async function seedStaffEnv(env) {
  if (env.SEED_ACTOR_USER_ID || (env.SEED_ADMIN_EMAIL && env.SEED_ADMIN_PASSWORD)) return {};
  if (env.ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL && env.ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD)
    return {
      SEED_ADMIN_EMAIL: env.ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL,
      SEED_ADMIN_PASSWORD: env.ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD,
    };
  // The password is never used (the seed names the user by id); an existing user keeps theirs.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      createAdmin,
      '--email',
      SEED_STAFF_EMAIL,
      '--password',
      randomBytes(24).toString('base64url'),
      '--name',
      'Demo data seed',
      '--panels',
      SEED_PANELS,
    ],
    { env },
  );
  const id = /, id (\S+)\s*$/m.exec(stdout)?.[1];
  if (!id) throw new Error(`admin:create named no user id for the seed's staff user: ${stdout.trim()}`);
  return { SEED_ACTOR_USER_ID: id };
}
