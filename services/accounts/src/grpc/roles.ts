import type {
  EnableBusinessAccountRequest,
  EnableBusinessAccountResponse,
  SetUserRolesRequest,
  SetUserRolesResponse,
} from '@pc/proto/accounts/v1/accounts';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { FailedPreconditionError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { FieldChecks } from '../domain/field-checks.js';
import { isLive } from '../domain/user-record.js';
import { requireActor, requireAdmin } from './actor.js';
import type { AccountsDependencies } from './dependencies.js';
import { userMessage } from './messages.js';

const PANELS = Object.values(AdminPanel).filter((value): value is AdminPanel => typeof value === 'number' && value > 0);

/** Admins set roles; the last admin cannot lose the role (nobody could grant it again). */
export async function setUserRoles(
  request: SetUserRolesRequest,
  deps: AccountsDependencies,
): Promise<SetUserRolesResponse> {
  await requireAdmin(deps.users, request.actorUserId);
  const checks = new FieldChecks();
  const userId = checks.id('user_id', request.userId);
  request.adminPanels.forEach((panel, i) => {
    if (!PANELS.includes(panel)) checks.add(`admin_panels[${i}]`, 'unknown admin panel', 'in');
  });
  checks.done();
  const user = await deps.users.get(userId);
  if (!isLive(user)) throw new NotFoundError('user', userId);
  const isAdmin = request.isAdmin ?? user.isAdmin;
  if (user.isAdmin && !isAdmin && (await deps.users.count({ isAdmin: true, deletedAt: null })) <= 1) {
    throw new FailedPreconditionError('the last admin cannot lose the admin role', { reason: 'LAST_ADMIN' });
  }
  const stored = await deps.users.put(
    {
      ...user,
      isAdmin,
      isBusiness: request.isBusiness ?? user.isBusiness,
      adminPanels: request.replaceAdminPanels ? [...new Set(request.adminPanels)] : user.adminPanels,
      updatedAt: deps.clock().toISOString(),
    },
    user._version,
  );
  deps.logger.info(
    { userId, isAdmin: stored.isAdmin, isBusiness: stored.isBusiness, by: request.actorUserId },
    'user roles set',
  );
  return { user: userMessage(stored) };
}

/** Before registering a shop: a verified user becomes a business user with a company. */
export async function enableBusinessAccount(
  request: EnableBusinessAccountRequest,
  deps: AccountsDependencies,
): Promise<EnableBusinessAccountResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const checks = new FieldChecks();
  const company = checks.required('company', request.company);
  const phone = request.phone ? checks.phone('phone', request.phone) : actor.phone;
  checks.done();
  if (!actor.emailVerifiedAt)
    throw new FailedPreconditionError('check your email first: verify your address', { reason: 'EMAIL_NOT_VERIFIED' });
  const stored = await deps.users.put(
    { ...actor, isBusiness: true, company, phone, updatedAt: deps.clock().toISOString() },
    actor._version,
  );
  return { user: userMessage(stored) };
}
