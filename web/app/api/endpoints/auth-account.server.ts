import { redirect } from '@remix-run/node';
import { requireApiUser } from '~/auth/api-user.server';
import { registerForm, resetPasswordForm } from '~/auth/forms';
import { registerUser, resetPasswordWith } from '~/auth/sign-in.server';
import { resendVerification, verifyEmail } from '~/services/accounts.server';
import { jsonBody, privateJson, type ActionCall } from '../http/api-action.server';
import { userJson } from '../mappers/account.server';

/** POST auth/register and /api/auth/register: creates the account and signs in; 201 with the user. */
export async function registerEndpoint({ request, context }: ActionCall): Promise<Response> {
  const form = await jsonBody(request, registerForm);
  const { user, setCookie, verificationSent } = await registerUser(request, context, form);
  return privateJson({ user: userJson(user), verification_sent: verificationSent ?? false }, 201, { 'Set-Cookie': setCookie });
}

/** POST auth/reset-password: a new password with the e-mailed token; signs in. */
export async function resetPasswordEndpoint({ request, context }: ActionCall): Promise<Response> {
  const form = await jsonBody(request, resetPasswordForm);
  const { user, setCookie } = await resetPasswordWith(request, context, form);
  return privateJson({ message: 'password has been reset', user: userJson(user) }, 200, { 'Set-Cookie': setCookie });
}

/**
 * GET auth/verify-email?user=…&token=… (the link of the verification e-mail): verifies and
 * sends the browser to its account page, saying whether it worked.
 */
export async function verifyEmailLink({ url }: ActionCall): Promise<Response> {
  const user = url.searchParams.get('user') ?? '';
  const token = url.searchParams.get('token') ?? '';
  const verified = await verifyEmail(user, token).then(
    (found) => Boolean(found?.emailVerified),
    () => false,
  );
  return redirect(`/account?verified=${verified ? '1' : '0'}`, { headers: { 'Cache-Control': 'no-store' } });
}

/** POST auth/email/verification-notification: "a fresh link was sent" (one a minute). */
export async function resendVerificationEndpoint({ request }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const { sentAt } = await resendVerification(user.id);
  return privateJson({ message: 'a fresh verification link was sent to your email address', sent_at: sentAt?.toISOString() ?? null }, 202);
}
