import type { Logger } from 'pino';
import type { Outbox } from '@pc/kit/events/outbox';
import { AccountType, AdminPanel } from '@pc/proto/accounts/v1/types';
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

export type AdminOutcome = 'created' | 'promoted' | 'roles-added' | 'already-admin';

/** Every staff panel's role: what an admin made without a list of panels gets. */
export const ALL_STAFF_PANELS: readonly AdminPanel[] = [
  AdminPanel.ADMIN_PANEL_SHOPPING,
  AdminPanel.ADMIN_PANEL_ADMIN,
  AdminPanel.ADMIN_PANEL_INFRASTRUCTURE,
  AdminPanel.ADMIN_PANEL_AFFILIATES,
  AdminPanel.ADMIN_PANEL_CRAWLER,
];

/**
 * Makes an address staff with the roles of `panels` (all five by default): a new, verified user
 * with that password (UserRegistered through the outbox like any registration), or an existing
 * user promoted or given the missing roles — whose password is left as it is (the tool must not
 * become a way to take over an account). Roles it already holds stay.
 */
export async function ensureAdmin(
  parts: AdminParts,
  input: { email: string; password: string; name?: string; panels?: readonly AdminPanel[] },
): Promise<AdminOutcome> {
  const email = normaliseEmail(input.email);
  const panels = [...new Set(input.panels ?? ALL_STAFF_PANELS)];
  const now = parts.clock();
  const existing = await parts.users.getByEmail(email);
  if (existing && existing.deletedAt === null) {
    const missing = panels.filter((panel) => !existing.adminPanels.includes(panel));
    if (existing.isAdmin && missing.length === 0) return 'already-admin';
    await parts.users.put(
      { ...existing, isAdmin: true, adminPanels: [...existing.adminPanels, ...missing], updatedAt: now.toISOString() },
      existing._version,
    );
    parts.logger.info({ userId: existing._id, panels: missing }, 'user given staff roles');
    return existing.isAdmin ? 'roles-added' : 'promoted';
  }
  const user = {
    ...newUser(
      {
        name: input.name || 'Admin',
        email,
        phone: '',
        language: 'en',
        company: '',
        accountType: AccountType.ACCOUNT_TYPE_PERSONAL,
        passwordHash: await parts.hasher.hash(input.password),
        isAdmin: true,
      },
      now,
    ),
    adminPanels: panels,
  };
  const stored = await parts.users.put(
    { ...user, emailVerifiedAt: now.toISOString(), ...parts.outbox.stage(null, [userRegistered(user)], now) },
    0,
  );
  await parts.outbox.flush(parts.users.collection, stored);
  parts.logger.info({ userId: stored._id }, 'admin created');
  return 'created';
}

/**
 * The first admin, from ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL / _PASSWORD at start: only while no
 * admin exists, so the variables can stay set.
 */
export async function bootstrapAdmin(
  parts: AdminParts,
  email: string | undefined,
  password: string | undefined,
): Promise<void> {
  if (!email || !password) return;
  if ((await parts.users.count({ isAdmin: true, deletedAt: null })) > 0) return;
  await ensureAdmin(parts, { email, password });
}
