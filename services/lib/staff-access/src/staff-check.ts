import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { PermissionDeniedError } from '@pc/kit/errors/domain-errors';
import { createServiceClient } from '@pc/kit/grpc/client';
import { AccountRoles } from './account-roles.js';

/** A role check is on the path of a write: it must not hold the write for long. */
const ACCOUNTS_DEADLINE_MS = 2_000;

/**
 * The staff rule of every service's admin writes (`actor_user_id` of the protos):
 * - an empty actor is a trusted internal caller (the seed, staff tools inside the cluster): the
 *   BFF reaches write RPCs only for signed-in users and always passes their id;
 * - a signed-in actor needs the admin role, which accounts.GetUser tells: PERMISSION_DENIED
 *   otherwise, UNAUTHENTICATED for a user accounts does not know.
 * Reads never treat an empty actor as privileged (the BFF sends it for anonymous visitors).
 */
export class StaffCheck {
  constructor(private readonly roles: AccountRoles) {}

  /** Internal caller or admin; `action` names the write in the refusal ("merging products"). */
  async require(actorUserId: string, action: string): Promise<void> {
    if (!actorUserId || (await this.roles.isAdmin(actorUserId))) return;
    throw new PermissionDeniedError(`${action} needs the admin role`);
  }

  /** A signed-in admin (never the empty actor). */
  async isAdmin(actorUserId: string): Promise<boolean> {
    return actorUserId !== '' && this.roles.isAdmin(actorUserId);
  }
}

/** The staff check of a service that reaches accounts at `accountsAddress` (ACCOUNTS_GRPC_ADDR). */
export function connectStaffCheck(accountsAddress: string): StaffCheck {
  return new StaffCheck(new AccountRoles(createServiceClient(AccountsServiceService, accountsAddress, { deadlineMs: ACCOUNTS_DEADLINE_MS })));
}
