import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { AccountRoles } from '@pc/staff-access/account-roles';
import { StaffCheck } from '@pc/staff-access/staff-check';
import { isLive } from '../domain/user-record.js';
import { userMessage } from '../grpc/messages.js';
import type { UserRepository } from '../store/user-repository.js';

/**
 * The staff rule (@pc/staff-access) with accounts' own users as its GetUser: the same rule as
 * every other service, read straight from the store and never cached, so a role granted or
 * revoked here counts for accounts' own staff calls at once.
 */
export function localStaffCheck(users: UserRepository): StaffCheck {
  const getUser = async ({ userId }: { userId: string }) => {
    const user = await users.get(userId);
    if (!isLive(user) || user.lockedAt) throw new RpcError(GrpcStatus.NOT_FOUND, 'no such user');
    return { user: userMessage(user) };
  };
  return new StaffCheck(new AccountRoles({ getUser }, 0), 'admin');
}
