import type { Logger } from 'pino';
import type { Outbox } from '@pc/kit/events/outbox';
import { AccountType } from '@pc/proto/accounts/v1/types';
import { normaliseEmail } from '../domain/field-checks.js';
import { newUser } from '../domain/new-user.js';
import { userRegistered } from '../events/account-events.js';
import type { PasswordHasher } from '../security/password-hasher.js';
import type { UserRepository } from '../store/user-repository.js';

export interface AdminParts {
  readonly users: UserRepository;
  readonly hasher: PasswordHasher;
  readonly outbox: Outbox;
  readonly clock: () => Date;
  readonly logger: Logger;
}

export type AdminOutcome = 'created' | 'promoted' | 'already-admin';

/**
 * Makes an address an admin: a new, verified user with that password (UserRegistered through
 * the outbox like any registration), or an existing user promoted — whose password is left as
 * it is (the tool must not become a way to take over an account).
 */
export async function ensureAdmin(parts: AdminParts, input: { email: string; password: string; name?: string }): Promise<AdminOutcome> {
  const email = normaliseEmail(input.email);
  const now = parts.clock();
  const existing = await parts.users.getByEmail(email);
  if (existing && existing.deletedAt === null) {
    if (existing.isAdmin) return 'already-admin';
    await parts.users.put({ ...existing, isAdmin: true, updatedAt: now.toISOString() }, existing._version);
    parts.logger.info({ userId: existing._id }, 'user promoted to admin');
    return 'promoted';
  }
  const user = newUser({ name: input.name || 'Admin', email, phone: '', language: 'en', company: '', accountType: AccountType.ACCOUNT_TYPE_PERSONAL, passwordHash: await parts.hasher.hash(input.password), isAdmin: true }, now);
  const stored = await parts.users.put({ ...user, emailVerifiedAt: now.toISOString(), ...parts.outbox.stage(null, [userRegistered(user)], now) }, 0);
  await parts.outbox.flush(parts.users.collection, stored);
  parts.logger.info({ userId: stored._id }, 'admin created');
  return 'created';
}

/**
 * The first admin, from ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL / _PASSWORD at start: only while no
 * admin exists, so the variables can stay set.
 */
export async function bootstrapAdmin(parts: AdminParts, email: string | undefined, password: string | undefined): Promise<void> {
  if (!email || !password) return;
  if ((await parts.users.count({ isAdmin: true, deletedAt: null })) > 0) return;
  await ensureAdmin(parts, { email, password });
}
