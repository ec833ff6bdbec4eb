import { InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import type { AdminPanel } from '@pc/proto/accounts/v1/types';
import { panelOf, roleName } from '@pc/staff-access/staff-panels';
import { isLive, type UserRecord } from '../domain/user-record.js';
import type { StoredUser, UserRepository } from '../store/user-repository.js';

/** A user as the audit log keeps it: what staff can change, never secrets or personal details beyond the address. */
export function auditView(user: UserRecord) {
  return {
    id: user._id,
    email: user.email,
    isAdmin: user.isAdmin,
    roles: user.adminPanels.flatMap((panel) => {
      const name = panelOf(panel);
      return name ? [roleName(name)] : [];
    }),
    emailVerified: user.emailVerifiedAt !== null,
    locked: Boolean(user.lockedAt),
    lockedReason: user.lockedReason ?? '',
    deleted: user.deletedAt !== null,
  };
}

/** A panel of the request: one of the five, or INVALID_ARGUMENT on `panel`. */
export function requestedPanel(value: AdminPanel): AdminPanel {
  if (!panelOf(value))
    throw new InvalidArgumentError([{ field: 'panel', reason: 'must be one of the staff panels', rule: 'in' }]);
  return value;
}

/** The live user a staff call addresses (NOT_FOUND for unknown and deleted ones). */
export async function addressedUser(users: UserRepository, userId: string): Promise<StoredUser> {
  const id = userId.trim();
  if (!id) throw new InvalidArgumentError([{ field: 'user_id', reason: 'is required', rule: 'required' }]);
  const user = await users.get(id);
  if (!isLive(user)) throw new NotFoundError('user', id);
  return user as StoredUser;
}
