import { redirect } from '@remix-run/node';
import { requireApiUser } from '~/auth/api-user.server';
import { registerForm, resetPasswordForm } from '~/auth/forms';
import { cookieHeaders, signedOutCookies } from '~/auth/session-change.server';
import { registerUser, resetPasswordWith } from '~/auth/sign-in.server';
import { PASSWORD_RESET_LANDING } from '~/data/account-page.server';
import { resendVerification, undoEmailChange, verifyEmail } from '~/services/accounts.server';
import { siteContext } from '~/site/site-context.server';
import { jsonBody, privateJson, type ActionCall } from '../http/api-action.server';
import { userJson } from '../mappers/account.server';
import { twoStepRequired } from './auth-two-step.server';

/**
 * POST auth/register and /api/auth/register: 202 "check your e-mail", the same whether the
 * address was new (the account is created, a verification link mailed) or had an account (its
 * owner is mailed instead) — registration tells no one which addresses have accounts. The
 * visitor then logs in.
 */
export async function registerEndpoint({ request, context }: ActionCall): Promise<Response> {
  const form = await jsonBody(request, registerForm);
  await registerUser(request, context, form);
  return privateJson({ message: REGISTERED, verification_sent: true }, 202);
}

const REGISTERED = 'check your email to finish signing up, then log in';

/**
 * GET auth/undo-email-change?user=…&token=… (the link mailed to the old address after an e-mail
 * change): restores the address, ends every session and mails a reset link; lands on the login
 * page saying whether it worked.
 */
export async function undoEmailChangeLink({ request, url }: ActionCall): Promise<Response> {
  const restored = await undoEmailChange(url.searchParams.get('user') ?? '', url.searchParams.get('token') ?? '').then(
    (user) => Boolean(user),
    () => false,
  );
  return redirect(`/${siteContext(request, undefined).locale.id}/login?restored=${restored ? '1' : '0'}`, {
    headers: cookieHeaders(signedOutCookies(request), { 'Cache-Control': 'no-store' }),
  });
}

/**
 * POST auth/reset-password: a new password with the e-mailed token; signs in — or, with two-step
 * sign-in on, answers 202 {two_step_required, path} as POST auth/login does (the code page, then
 * the account page).
 */
export async function resetPasswordEndpoint({ request, context }: ActionCall): Promise<Response> {
  const form = await jsonBody(request, resetPasswordForm);
  const signedIn = await resetPasswordWith(request, context, form);
  if (signedIn.secondStep) return twoStepRequired(PASSWORD_RESET_LANDING, signedIn.setCookies);
  return privateJson(
    { message: 'password has been reset', user: userJson(signedIn.user) },
    200,
    cookieHeaders(signedIn.setCookies),
  );
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
  return privateJson(
    { message: 'a fresh verification link was sent to your email address', sent_at: sentAt?.toISOString() ?? null },
    202,
  );
}
