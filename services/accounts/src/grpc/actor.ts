import { PermissionDeniedError, UnauthenticatedError } from '@pc/kit/errors/domain-errors';
import { isLive } from '../domain/user-record.js';
import type { StoredUser, UserRepository } from '../store/user-repository.js';
import { NotFoundError } from '@pc/kit/errors/domain-errors';

/**
 * Who is calling (proto: `actor_user_id`, resolved by the BFF with GetSession): a live user, or
 * UNAUTHENTICATED. Every call acting for a user goes through here first.
 */
export async function requireActor(users: UserRepository, actorUserId: string): Promise<StoredUser> {
  const actor = actorUserId ? await users.get(actorUserId) : null;
  if (!isLive(actor)) throw new UnauthenticatedError('sign in first', { reason: 'UNAUTHENTICATED' });
  return actor as StoredUser;
}

export async function requireAdmin(users: UserRepository, actorUserId: string): Promise<StoredUser> {
  const actor = await requireActor(users, actorUserId);
  if (!actor.isAdmin) throw new PermissionDeniedError('this needs the admin role');
  return actor;
}

/**
 * The user a call addresses: the actor itself when `userId` is empty or theirs; another user
 * only for an admin (PERMISSION_DENIED otherwise, before anything about that user is revealed).
 */
export async function targetUser(users: UserRepository, actor: StoredUser, userId: string): Promise<StoredUser> {
  if (!userId || userId === actor._id) return actor;
  if (!actor.isAdmin) throw new PermissionDeniedError('only an admin may act on another user');
  const target = await users.get(userId);
  if (!isLive(target)) throw new NotFoundError('user', userId);
  return target as StoredUser;
}
