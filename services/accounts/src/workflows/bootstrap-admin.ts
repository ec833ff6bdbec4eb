import type { Logger } from 'pino';
import { AccountType } from '@pc/proto/accounts/v1/types';
import { normaliseEmail } from '../domain/field-checks.js';
import { newUser } from '../domain/new-user.js';
import type { PasswordHasher } from '../security/password-hasher.js';
import type { UserRepository } from '../store/user-repository.js';

/**
 * The first admin, from ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL / _PASSWORD at start: created when no
 * admin exists yet (an existing user with that address is promoted instead; its password is
 * left alone). Does nothing once any admin exists, so the variables can stay set.
 */
export async function bootstrapAdmin(
  parts: { users: UserRepository; hasher: PasswordHasher; clock: () => Date; logger: Logger },
  email: string | undefined,
  password: string | undefined,
): Promise<void> {
  if (!email || !password) return;
  if ((await parts.users.count({ isAdmin: true, deletedAt: null })) > 0) return;
  const address = normaliseEmail(email);
  const now = parts.clock();
  const existing = await parts.users.getByEmail(address);
  if (existing && existing.deletedAt === null) {
    await parts.users.put({ ...existing, isAdmin: true, updatedAt: now.toISOString() }, existing._version);
  } else {
    const user = newUser({ name: 'Admin', email: address, phone: '', language: 'en', company: '', accountType: AccountType.ACCOUNT_TYPE_PERSONAL, passwordHash: await parts.hasher.hash(password), isAdmin: true }, now);
    await parts.users.put({ ...user, emailVerifiedAt: now.toISOString() }, 0);
  }
  parts.logger.info({ email: address }, 'first admin created from ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL');
}
