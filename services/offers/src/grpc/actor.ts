import { FailedPreconditionError, PermissionDeniedError, UnauthenticatedError } from '@pc/kit/errors/domain-errors';
import type { StaffCheck } from '@pc/staff-access/staff-check';
import type { StaffPanel } from '@pc/staff-access/staff-panels';
import type { ShopRecord } from '../domain/shop-record.js';
import type { UserDirectory } from '@pc/staff-access/user-directory';
import type { User } from '@pc/proto/accounts/v1/types';

/**
 * Who may do what (proto/offers/v1: "the shop's owner or an admin"), on the kit's staff rule
 * (`StaffCheck`: a signed-in user with the staff:admin role from accounts.GetUser; without a user
 * only a service the call graph grants the RPC; ADR 042, ADR 052):
 * - a signed-in actor may change their own shops; anything else needs staff:admin;
 * - reading others' private fields needs the site's admin flag;
 * - reads never treat an empty actor as privileged (the BFF sends it for anonymous visitors).
 */
export class ActorRules {
  constructor(
    private readonly staff: StaffCheck,
    private readonly accounts: UserDirectory,
  ) {}

  /** A signed-in user with a business account (or an admin) may register shops. */
  async requireBusiness(actorUserId: string): Promise<void> {
    const account = await this.accounts.find(actorUserId);
    if (!account) throw new UnauthenticatedError('registering a shop needs a signed-in business user (actor_user_id)');
    if (!account.isBusiness && !account.isAdmin)
      throw new FailedPreconditionError('open a business account first', { reason: 'NOT_BUSINESS_ACCOUNT' });
  }

  /** The signed-in actor as accounts knows them: UNAUTHENTICATED without one or for an unknown user. */
  async requireUser(actorUserId: string, action: string): Promise<User> {
    const user = await this.accounts.find(actorUserId);
    if (!user) throw new UnauthenticatedError(`${action} needs a signed-in user (actor_user_id)`);
    return user;
  }

  /** A holder of the panel's role (staff:admin unless another is named: offer moderation is staff:shopping; the staff rule). */
  requireStaff(actorUserId: string, action: string, panel?: StaffPanel): Promise<void> {
    return this.staff.require(actorUserId, action, panel);
  }

  /** The shop's owner or a holder of staff:admin (the site's admin flag alone changes no one else's shop); without a user, the staff rule. */
  async requireShopWriter(actorUserId: string, shop: ShopRecord): Promise<void> {
    // No user: only what the staff rule lets through without one (never a user front on its own).
    if (!actorUserId) return this.staff.require('', 'changing a shop');
    if (actorUserId === shop.ownerUserId || (await this.staff.hasPanel(actorUserId))) return;
    throw new PermissionDeniedError('only the shop owner or a holder of staff:admin may change this shop');
  }

  /** The owner or an admin: private fields and shops outside the directory. */
  async isPrivileged(actorUserId: string, shop: ShopRecord): Promise<boolean> {
    if (!actorUserId) return false;
    return actorUserId === shop.ownerUserId || this.staff.isAdmin(actorUserId);
  }

  /** A signed-in holder of the panel's role (never the empty actor): reads only staff may make. */
  isStaff(actorUserId: string, panel: StaffPanel): Promise<boolean> {
    return this.staff.hasPanel(actorUserId, panel);
  }

  /** A signed-in admin (reads beyond one's own shops). */
  isAdmin(actorUserId: string): Promise<boolean> {
    return this.staff.isAdmin(actorUserId);
  }
}

/** Whether the actor is the shop's owner (deletion reason). */
export const isOwner = (actorUserId: string, shop: ShopRecord): boolean =>
  actorUserId !== '' && actorUserId === shop.ownerUserId;
