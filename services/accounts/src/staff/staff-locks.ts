import type {
  DeleteUserRequest,
  DeleteUserResponse,
  LockUserRequest,
  LockUserResponse,
  UnlockUserRequest,
  UnlockUserResponse,
  VerifyUserEmailRequest,
  VerifyUserEmailResponse,
} from '@pc/proto/accounts/v1/staff';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { FieldChecks } from '../domain/field-checks.js';
import type { UserRecord } from '../domain/user-record.js';
import { userMessage } from '../grpc/messages.js';
import type { StoredUser } from '../store/user-repository.js';
import { keepAStaffAdmin } from './last-staff-admin.js';
import type { StaffDependencies } from './staff-dependencies.js';
import { addressedUser, auditView } from './staff-view.js';

const REASON_MAX = 500;

const notOneself = (actorUserId: string, user: UserRecord, what: string) => {
  if (actorUserId === user._id)
    throw new InvalidArgumentError([
      { field: 'user_id', reason: `staff cannot ${what} themselves`, rule: 'different' },
    ]);
};

/** Locks a user out: sessions end now, sign-in answers ACCOUNT_LOCKED until unlocked. */
export async function lockUser(request: LockUserRequest, deps: StaffDependencies): Promise<LockUserResponse> {
  const checks = new FieldChecks();
  const reason = checks.required('reason', request.reason, REASON_MAX);
  checks.done();
  await deps.staff.require(request.actorUserId, 'locking a user');
  const user = await addressedUser(deps.users, request.userId);
  notOneself(request.actorUserId, user, 'lock');
  if (user.lockedAt) return { user: userMessage(user), sessionsEnded: 0 };
  await keepAStaffAdmin(deps.users, user);
  const stored = await write(
    deps,
    user,
    { lockedAt: deps.clock().toISOString(), lockedReason: reason },
    request.actorUserId,
    'user.lock',
  );
  const sessionsEnded = await deps.sessions.deleteForUser(user._id);
  return { user: userMessage(stored), sessionsEnded };
}

export async function unlockUser(request: UnlockUserRequest, deps: StaffDependencies): Promise<UnlockUserResponse> {
  await deps.staff.require(request.actorUserId, 'unlocking a user');
  const user = await addressedUser(deps.users, request.userId);
  if (!user.lockedAt) return { user: userMessage(user) };
  return {
    user: userMessage(
      await write(deps, user, { lockedAt: null, lockedReason: '' }, request.actorUserId, 'user.unlock'),
    ),
  };
}

/** Staff vouch for the address: verified now, any pending link void. */
export async function verifyUserEmail(
  request: VerifyUserEmailRequest,
  deps: StaffDependencies,
): Promise<VerifyUserEmailResponse> {
  await deps.staff.require(request.actorUserId, 'verifying an e-mail address');
  const user = await addressedUser(deps.users, request.userId);
  if (user.emailVerifiedAt) return { user: userMessage(user) };
  return {
    user: userMessage(
      await write(
        deps,
        user,
        { emailVerifiedAt: deps.clock().toISOString(), verification: null },
        request.actorUserId,
        'user.verify_email',
      ),
    ),
  };
}

/** Deletes another user as DeleteAccount does for admins (AccountDeleted through the outbox). */
export async function deleteUser(request: DeleteUserRequest, deps: StaffDependencies): Promise<DeleteUserResponse> {
  await deps.staff.require(request.actorUserId, 'deleting a user');
  const user = await addressedUser(deps.users, request.userId);
  notOneself(request.actorUserId, user, 'delete');
  await keepAStaffAdmin(deps.users, user);
  const before = auditView(user);
  await deps.deletion.delete(user, true, deps.clock());
  await deps.audit.record({
    actorUserId: request.actorUserId,
    panel: 'admin',
    action: 'user.delete',
    entityType: 'user',
    entityId: user._id,
    before,
    after: null,
  });
  return {};
}

async function write(
  deps: StaffDependencies,
  user: StoredUser,
  change: Partial<UserRecord>,
  actorUserId: string,
  action: string,
): Promise<StoredUser> {
  const stored = await deps.users.put({ ...user, ...change, updatedAt: deps.clock().toISOString() }, user._version);
  await deps.audit.record({
    actorUserId,
    panel: 'admin',
    action,
    entityType: 'user',
    entityId: user._id,
    before: auditView(user),
    after: auditView(stored),
  });
  deps.logger.info({ userId: user._id, by: actorUserId, action }, 'user changed by staff');
  return stored;
}
