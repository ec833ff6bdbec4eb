import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { PermissionDeniedError } from '@pc/kit/errors/domain-errors';
import { createServiceClient } from '@pc/kit/grpc/client';
import { currentCaller } from '@pc/kit/identity/caller';
import { processIdentity } from '@pc/kit/identity/process-identity';
import { USER_FRONTS } from '@pc/kit/identity/principals';
import { AccountRoles } from './account-roles.js';
import { roleName, type StaffPanel } from './staff-panels.js';

/** A role check is on the path of a write: it must not hold the write for long. */
const ACCOUNTS_DEADLINE_MS = 2_000;

/**
 * The staff rule of every service's staff RPCs — the one place that decides who may act as staff.
 * The actor is the verified user of the call: the kit has checked the request's `actor_user_id`
 * against the signed user token (services/kit/src/identity), so it is never a caller's claim.
 * - a signed-in actor needs the role of the panel the RPC belongs to (`staff:<panel>`), which
 *   accounts.GetUser tells (is_admin and admin_panels): PERMISSION_DENIED otherwise,
 *   UNAUTHENTICATED for a user accounts does not know;
 * - without a user, only a verified service the call graph grants this very RPC passes (search,
 *   for catalog's StreamProducts); the user fronts (site, admin app, ops tools, the seed — which
 *   acts as its named staff user, ADR 064) never act as staff on their own.
 * Reads never treat an empty actor as privileged (the BFF sends it for anonymous visitors).
 */
export class StaffCheck {
  /** `panel`: the panel a service's staff RPCs belong to unless a call names another. */
  constructor(
    private readonly roles: AccountRoles,
    readonly panel: StaffPanel = 'shopping',
  ) {}

  /** A service the call graph grants the RPC, or a holder of the panel's role; `action` names the call in the refusal ("merging products"). */
  async require(actorUserId: string, action: string, panel: StaffPanel = this.panel): Promise<void> {
    if (!actorUserId) {
      // A process without an identity verifies no caller at all: only an in-process test harness
      // (runService refuses to start a service without its identity files).
      if (!processIdentity()) return;
      const caller = currentCaller();
      if (caller && !USER_FRONTS.has(caller.principal)) return;
      throw new PermissionDeniedError(`${action} needs a signed-in user with the ${roleName(panel)} role`, {
        reason: 'STAFF_ROLE_REQUIRED',
        metadata: { role: roleName(panel) },
      });
    }
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
