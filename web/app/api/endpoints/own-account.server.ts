import { z } from 'zod';
import { businessForm, passwordForm, profileChange } from '~/account/forms';
import { requireApiSession, requireApiUser } from '~/auth/api-user.server';
import { clearedSessionCookie } from '~/auth/session-cookie.server';
import { clientInfo, ownAccount } from '~/services/accounts.server';
import { jsonBody, privateJson, type ActionCall } from '../http/api-action.server';
import { userJson } from '../mappers/account.server';

/** PATCH /api/account: the user's profile; a new e-mail must be verified again (a link is mailed). */
export async function updateProfile({ request }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const change = await jsonBody(request, profileChange);
  const { user: updated } = await ownAccount.update(user.id, change);
  return privateJson(updated ? userJson(updated) : null);
}

/** POST /api/account/password: the current password, then the new one; other sessions end. */
export async function changePassword({ request, context }: ActionCall): Promise<Response> {
  const session = await requireApiSession(request);
  const form = await jsonBody(request, passwordForm);
  const { sessionsEnded } = await ownAccount.changePassword(session.user.id, { currentPassword: form.current_password, password: form.password, passwordConfirmation: form.password_confirmation, keepSessionId: session.sessionId }, clientInfo(request, context));
  return privateJson({ message: 'password changed', sessions_ended: sessionsEnded });
}

/** POST /api/account/business: a verified user becomes a business user (before registering a shop). */
export async function enableBusiness({ request }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const body = await jsonBody(request, businessForm);
  const { user: updated } = await ownAccount.enableBusiness(user.id, body.company, body.phone);
  return privateJson(updated ? userJson(updated) : null);
}

/** DELETE /api/account: {password} — cannot be undone (spec §4); signs out. */
export async function deleteOwnAccount({ request }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const body = await jsonBody(request, z.object({ password: z.string().min(1, 'is required').max(200) }));
  await ownAccount.delete(user.id, body.password);
  return new Response(null, { status: 204, headers: { 'Set-Cookie': clearedSessionCookie(request), 'Cache-Control': 'no-store' } });
}
