import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { PermissionDeniedError } from '@pc/kit/errors/domain-errors';
import { createServiceClient } from '@pc/kit/grpc/client';
import { AccountRoles } from './account-roles.js';
import { roleName, type StaffPanel } from './staff-panels.js';

/** A role check is on the path of a write: it must not hold the write for long. */
const ACCOUNTS_DEADLINE_MS = 2_000;

/**
 * The staff rule of every service's staff RPCs (`actor_user_id` of the protos) — the one place
 * that decides who may act as staff, so how the caller's identity travels can change here alone:
 * - an empty actor is a trusted internal caller (the seed, staff tools inside the cluster): the
 *   BFF and the admin app reach staff RPCs only for signed-in users and always pass their id;
 * - a signed-in actor needs the role of the panel the RPC belongs to (`staff:<panel>`), which
 *   accounts.GetUser tells (is_admin and admin_panels): PERMISSION_DENIED otherwise,
 *   UNAUTHENTICATED for a user accounts does not know.
 * Reads never treat an empty actor as privileged (the BFF sends it for anonymous visitors).
 */
export class StaffCheck {
  /** `panel`: the panel a service's staff RPCs belong to unless a call names another. */
  constructor(
    private readonly roles: AccountRoles,
    readonly panel: StaffPanel = 'shopping',
  ) {}

  /** Internal caller or holder of the panel's role; `action` names the call in the refusal ("merging products"). */
  async require(actorUserId: string, action: string, panel: StaffPanel = this.panel): Promise<void> {
    if (!actorUserId) return;
    const roles = await this.roles.of(actorUserId);
    if (roles.admin && roles.panels.has(panel)) return;
    throw new PermissionDeniedError(`${action} needs the ${roleName(panel)} role`, {
      reason: 'STAFF_ROLE_REQUIRED',
      metadata: { role: roleName(panel) },
    });
  }

  /** A signed-in holder of the panel's role (never the empty actor). */
  async hasPanel(actorUserId: string, panel: StaffPanel = this.panel): Promise<boolean> {
    if (!actorUserId) return false;
    const roles = await this.roles.of(actorUserId);
    return roles.admin && roles.panels.has(panel);
  }

  /** A signed-in admin of the site (never the empty actor): reads beyond one's own records. */
  async isAdmin(actorUserId: string): Promise<boolean> {
    return actorUserId !== '' && this.roles.isAdmin(actorUserId);
  }
}

/**
 * The staff check of a service that reaches accounts at `accountsAddress` (ACCOUNTS_GRPC_ADDR);
 * `panel` is the panel its staff RPCs belong to.
 */
export function connectStaffCheck(accountsAddress: string, panel: StaffPanel = 'shopping'): StaffCheck {
  return new StaffCheck(
    new AccountRoles(
      createServiceClient(AccountsServiceService, accountsAddress, { deadlineMs: ACCOUNTS_DEADLINE_MS }),
    ),
    panel,
  );
}
