import type {
  GrantStaffRoleRequest,
  GrantStaffRoleResponse,
  RevokeStaffRoleRequest,
  RevokeStaffRoleResponse,
} from '@pc/proto/accounts/v1/staff';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { userMessage } from '../grpc/messages.js';
import type { StoredUser } from '../store/user-repository.js';
import { keepAStaffAdmin } from './last-staff-admin.js';
import type { StaffDependencies } from './staff-dependencies.js';
import { addressedUser, auditView, requestedPanel } from './staff-view.js';

/** A panel's role for a user, who becomes staff (is_admin). Holding it already is success. */
export async function grantStaffRole(
  request: GrantStaffRoleRequest,
  deps: StaffDependencies,
): Promise<GrantStaffRoleResponse> {
  const panel = requestedPanel(request.panel);
  await deps.staff.require(request.actorUserId, 'granting a staff role');
  const user = await addressedUser(deps.users, request.userId);
  if (user.isAdmin && user.adminPanels.includes(panel)) return { user: userMessage(user) };
  const stored = await changeRoles(
    deps,
    user,
    true,
    [...new Set([...user.adminPanels, panel])],
    request.actorUserId,
    'user.grant_role',
  );
  return { user: userMessage(stored) };
}

/** Takes a panel's role; lacking it is success; the last staff:admin keeps it. */
export async function revokeStaffRole(
  request: RevokeStaffRoleRequest,
  deps: StaffDependencies,
): Promise<RevokeStaffRoleResponse> {
  const panel = requestedPanel(request.panel);
  await deps.staff.require(request.actorUserId, 'revoking a staff role');
  const user = await addressedUser(deps.users, request.userId);
  if (!user.adminPanels.includes(panel)) return { user: userMessage(user) };
  if (panel === AdminPanel.ADMIN_PANEL_ADMIN) await keepAStaffAdmin(deps.users, user);
  const remaining = user.adminPanels.filter((held) => held !== panel);
  const stored = await changeRoles(deps, user, user.isAdmin, remaining, request.actorUserId, 'user.revoke_role');
  return { user: userMessage(stored) };
}

async function changeRoles(
  deps: StaffDependencies,
  user: StoredUser,
  isAdmin: boolean,
  adminPanels: AdminPanel[],
  actorUserId: string,
  action: string,
): Promise<StoredUser> {
  const before = auditView(user);
  const stored = await deps.users.put(
    { ...user, isAdmin, adminPanels, updatedAt: deps.clock().toISOString() },
    user._version,
  );
  await deps.audit.record({
    actorUserId,
    panel: 'admin',
    action,
    entityType: 'user',
    entityId: user._id,
    before,
    after: auditView(stored),
  });
  deps.logger.info({ userId: user._id, by: actorUserId, action }, 'staff roles changed');
  return stored;
}
