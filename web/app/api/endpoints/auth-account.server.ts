import { redirect } from '@remix-run/node';
import { AccountType } from '@pc/proto/accounts/v1/types';
import { requireApiUser } from '~/auth/api-user.server';
import { registerForm, resetPasswordForm } from '~/auth/forms';
import { sessionCookie } from '~/auth/session-cookie.server';
import { clientInfo, register, resendVerification, resetPassword, verifyEmail } from '~/services/accounts.server';
import { jsonBody, privateJson, type ActionCall } from '../http/api-action.server';
import { userJson } from '../mappers/account.server';

/** POST auth/register and /api/auth/register: creates the account and signs in; 201 with the user. */
export async function registerEndpoint({ request, context }: ActionCall): Promise<Response> {
  const form = await jsonBody(request, registerForm);
  const { user, session, verificationSent } = await register({
    name: form.name,
    email: form.email,
    password: form.password,
    passwordConfirmation: form.password_confirmation,
    phone: form.phone,
    accountType: form.account_type === 'business' ? AccountType.ACCOUNT_TYPE_BUSINESS : AccountType.ACCOUNT_TYPE_PERSONAL,
    company: form.company,
    termsAccepted: form.terms,
    language: form.language,
    rememberMe: form.remember,
    client: clientInfo(request, context),
  });
  if (!user || !session) throw new Error('accounts answered Register without user or session');
  return privateJson({ user: userJson(user), verification_sent: verificationSent }, 201, { 'Set-Cookie': sessionCookie(request, session.token, form.remember) });
}

/** POST auth/reset-password: a new password with the e-mailed token; signs in. */
export async function resetPasswordEndpoint({ request, context }: ActionCall): Promise<Response> {
  const form = await jsonBody(request, resetPasswordForm);
  const { user, session } = await resetPassword({ token: form.token, email: form.email, password: form.password, passwordConfirmation: form.password_confirmation, remember: form.remember }, clientInfo(request, context));
  if (!user || !session) throw new Error('accounts answered ResetPassword without user or session');
  return privateJson({ message: 'password has been reset', user: userJson(user) }, 200, { 'Set-Cookie': sessionCookie(request, session.token, form.remember) });
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
