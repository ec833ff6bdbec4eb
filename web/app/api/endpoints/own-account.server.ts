import { z } from 'zod';
import { businessForm, passwordForm, profileChange } from '~/account/forms';
import { requireApiSession, requireApiUser } from '~/auth/api-user.server';
import { cookieHeaders, signedOutCookies } from '~/auth/session-change.server';
import { clientInfo, ownAccount } from '~/services/accounts.server';
import { jsonBody, privateJson, type ActionCall } from '../http/api-action.server';
import { userJson } from '../mappers/account.server';

/**
 * PATCH /api/account: the user's profile. A new e-mail needs `current_password` (401
 * INVALID_CREDENTIALS when wrong), must be verified again (a link is mailed), and the old
 * address is mailed a link that undoes the change.
 */
export async function updateProfile({ request, context }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const { current_password: currentPassword, ...change } = await jsonBody(request, profileChange);
  const { user: updated } = await ownAccount.update(
    user.id,
    change,
    currentPassword ?? '',
    clientInfo(request, context),
  );
  return privateJson(updated ? userJson(updated) : null);
}

/** POST /api/account/password: the current password, then the new one; other sessions end. */
export async function changePassword({ request, context }: ActionCall): Promise<Response> {
  const session = await requireApiSession(request);
  const form = await jsonBody(request, passwordForm);
  const { sessionsEnded } = await ownAccount.changePassword(
    session.user.id,
    {
      currentPassword: form.current_password,
      password: form.password,
      passwordConfirmation: form.password_confirmation,
      keepSessionId: session.sessionId,
    },
    clientInfo(request, context),
  );
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
  return new Response(null, {
    status: 204,
    headers: cookieHeaders(signedOutCookies(request), { 'Cache-Control': 'no-store' }),
  });
}
