import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { FieldChecks } from '../domain/field-checks.js';
import { isLive } from '../domain/user-record.js';
import type { StoredUser, UserRepository } from '../store/user-repository.js';

/** The user a mailed link names: `user_id` and `token` both present, the user live (NOT_FOUND otherwise). */
export async function linkedUser(
  request: { readonly userId: string; readonly token: string },
  users: UserRepository,
): Promise<StoredUser> {
  const checks = new FieldChecks();
  const userId = checks.id('user_id', request.userId);
  if (!request.token) checks.add('token', 'is required', 'required');
  checks.done();
  const user = await users.get(userId);
  if (!isLive(user)) throw new NotFoundError('user', userId);
  return user as StoredUser;
}
