import { PermissionDeniedError } from '@pc/kit/errors/domain-errors';
import type { ShopRecord } from '../domain/shop-record.js';
import type { AccountRoles } from '../workflows/account-roles.js';

/**
 * Who may do what (proto/offers/v1: "the shop's owner or an admin"):
 * - an empty actor_user_id on a write is a trusted internal caller (the seed, staff tools inside
 *   the cluster): the BFF reaches write RPCs only for signed-in users and always passes their id;
 * - a signed-in actor may change their own shops; anything else needs the admin role, which
 *   accounts.GetUser tells (while accounts does not serve it, nobody is an admin);
 * - reads never treat an empty actor as privileged (the BFF sends it for anonymous visitors).
 */
export class ActorRules {
  constructor(private readonly roles: AccountRoles) {}

  /** Internal caller or admin. */
  async requireStaff(actorUserId: string, action: string): Promise<void> {
    if (!actorUserId || (await this.roles.isAdmin(actorUserId))) return;
    throw new PermissionDeniedError(`${action} needs the admin role`);
  }

  /** Internal caller, the shop's owner or an admin. */
  async requireShopWriter(actorUserId: string, shop: ShopRecord): Promise<void> {
    if (!actorUserId || actorUserId === shop.ownerUserId || (await this.roles.isAdmin(actorUserId))) return;
    throw new PermissionDeniedError('only the shop owner or an admin may change this shop');
  }

  /** The owner or an admin: private fields and shops outside the directory. */
  async isPrivileged(actorUserId: string, shop: ShopRecord): Promise<boolean> {
    if (!actorUserId) return false;
    return actorUserId === shop.ownerUserId || this.roles.isAdmin(actorUserId);
  }

  /** A signed-in admin (reads beyond one's own shops). */
  async isAdmin(actorUserId: string): Promise<boolean> {
    return actorUserId !== '' && this.roles.isAdmin(actorUserId);
  }
}

/** Whether the actor is the shop's owner (deletion reason). */
export const isOwner = (actorUserId: string, shop: ShopRecord): boolean => actorUserId !== '' && actorUserId === shop.ownerUserId;
