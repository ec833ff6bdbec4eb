import type { DeleteAccountRequest, DeleteAccountResponse } from '@pc/proto/accounts/v1/accounts';
import { FieldChecks } from '../domain/field-checks.js';
import { requireActor, targetUser } from './actor.js';
import type { AccountsDependencies } from './dependencies.js';
import { provePassword } from './sign-in.js';

/**
 * Deletes the actor's account (password required, throttled like a login) or, for an admin,
 * another user's without a password. Emits AccountDeleted (workflows/account-deletion.ts).
 */
export async function deleteAccount(
  request: DeleteAccountRequest,
  deps: AccountsDependencies,
): Promise<DeleteAccountResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const target = await targetUser(deps.users, actor, request.userId);
  const self = target._id === actor._id;
  const checks = new FieldChecks();
  if (!request.confirm) checks.add('confirm', 'confirm that deleting the account cannot be undone', 'accepted');
  if (self) checks.presentPassword('password', request.password);
  checks.done();
  if (self) await provePassword(deps, actor, request.password, 'delete', '');
  const now = deps.clock();
  await deps.deletion.delete(target, !self, now);
  return { deletedAt: now };
}
