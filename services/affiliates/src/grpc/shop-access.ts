import type { StaffCheck } from '@pc/staff-access/staff-check';
import { NotFoundError, PermissionDeniedError, UnauthenticatedError } from '@pc/kit/errors/domain-errors';
import type { ShopRepository } from '../store/shop-repository.js';
import type { ShopDirectory } from './shop-directory.js';

/**
 * Who may read a shop's click statistics and transactions: its owner or an admin (proto
 * AffiliatesService). The owner comes from the shops read model (ShopChanged carries it), or,
 * for a shop not seen yet, from offers' directory; the admin role from accounts. A signed-out
 * caller (empty actor) is UNAUTHENTICATED: reads never treat the empty actor as privileged.
 */
export class ShopAccess {
  constructor(
    private readonly shops: ShopRepository,
    private readonly directory: ShopDirectory,
    private readonly staff: StaffCheck,
  ) {}

  async requireReader(actorUserId: string, shopIds: readonly string[]): Promise<void> {
    if (!actorUserId) throw new UnauthenticatedError('actor_user_id is required');
    const owners = await Promise.all(shopIds.map((shopId) => this.ownerOf(shopId)));
    if (owners.every((owner) => owner === actorUserId)) return;
    if (await this.staff.isAdmin(actorUserId)) return;
    throw new PermissionDeniedError("only the shop's owner or an admin may see its clicks and sales");
  }

  /** An admin (signed in), for data beyond one's own shops. */
  async requireAdmin(actorUserId: string, action: string): Promise<void> {
    if (!actorUserId) throw new UnauthenticatedError('actor_user_id is required');
    if (!(await this.staff.isAdmin(actorUserId))) throw new PermissionDeniedError(`${action} needs the admin role`);
  }

  /** NOT_FOUND unless the shop exists (a network's sale without a click names its shop). */
  async requireKnown(shopId: string): Promise<void> {
    await this.ownerOf(shopId);
  }

  /** NOT_FOUND says why: SHOP_DELETED (the shops read model holds its tombstone) or SHOP_UNKNOWN. */
  private async ownerOf(shopId: string): Promise<string> {
    const known = await this.shops.get(shopId);
    if (known?.deleted) throw new NotFoundError('shop', shopId, { reason: 'SHOP_DELETED' });
    if (known) return known.ownerUserId;
    const listed = await this.directory.find(shopId);
    if (!listed) throw new NotFoundError('shop', shopId, { reason: 'SHOP_UNKNOWN' });
    return listed.ownerUserId;
  }
}
