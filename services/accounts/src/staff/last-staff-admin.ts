import { FailedPreconditionError } from '@pc/kit/errors/domain-errors';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import type { Filter } from '@pc/kit/ports/document-store';
import type { UserRecord } from '../domain/user-record.js';
import type { UserRepository } from '../store/user-repository.js';

const holdsStaffAdmin = (user: UserRecord) =>
  user.isAdmin && user.adminPanels.includes(AdminPanel.ADMIN_PANEL_ADMIN) && !user.lockedAt && user.deletedAt === null;

/**
 * Someone must be able to grant roles: a change that would leave no unlocked holder of
 * staff:admin (revoking it, locking or deleting its last holder) is FAILED_PRECONDITION.
 */
export async function keepAStaffAdmin(users: UserRepository, losing: UserRecord): Promise<void> {
  if (!holdsStaffAdmin(losing)) return;
  const holders = await users.find({
    deletedAt: null,
    isAdmin: true,
    adminPanels: AdminPanel.ADMIN_PANEL_ADMIN,
  } as Filter);
  if (holders.some((user) => user._id !== losing._id && holdsStaffAdmin(user))) return;
  throw new FailedPreconditionError('the last holder of staff:admin keeps it', { reason: 'LAST_STAFF_ADMIN' });
}
