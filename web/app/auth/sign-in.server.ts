import { AccountType, type User } from '@pc/proto/accounts/v1/types';
import { clientInfo, login, mergeRecentlyViewed, register, resetPassword } from '~/services/accounts.server';
import { readRecentlyViewed } from '~/site/recently-viewed';
import type { LoginForm, RegisterForm, ResetPasswordForm } from './forms';
import { signedInCookies } from './session-change.server';

/** The visitor's address for throttling (the edge's load context, web/edge/site-edge.cjs). */
type LoadContext = { readonly clientIp?: unknown } | undefined;

/** A signed-in user and the cookies of the sign-in: the httpOnly session (the token is never in a body) and a CSRF token bound to it. */
export interface SignedIn {
  readonly user: User;
  readonly setCookies: string[];
}

/** The guest's cookie list of recently viewed products (spec §3), newest first. */
const guestRecentlyViewed = (request: Request): string[] => readRecentlyViewed(request.headers.get('Cookie'));

/**
 * Signs in (the JSON API and the login page alike): accounts checks and throttles; the guest's
 * recently viewed list is merged into the account (a failure there does not stop the sign-in).
 */
export async function signIn(request: Request, context: LoadContext, form: LoginForm): Promise<SignedIn> {
  const { user, session } = await login(form.email, form.password, form.remember, clientInfo(request, context));
  if (!user || !session) throw new Error('accounts answered Login without user or session');
  await mergeRecentlyViewed(user.id, guestRecentlyViewed(request)).catch((error: unknown) =>
    console.warn('recently viewed not merged at sign-in', error),
  );
  return { user, setCookies: signedInCookies(request, session.token, form.remember) };
}

/**
 * Registers (accounts mails the verification link — or, for an address that has an account, its
 * owner). Nothing is signed in and nothing tells the two apart (issue 43): the visitor logs in next.
 */
export async function registerUser(request: Request, context: LoadContext, form: RegisterForm): Promise<void> {
  await register({
    name: form.name,
    email: form.email,
    password: form.password,
    passwordConfirmation: form.password_confirmation,
    phone: form.phone,
    accountType:
      form.account_type === 'business' ? AccountType.ACCOUNT_TYPE_BUSINESS : AccountType.ACCOUNT_TYPE_PERSONAL,
    company: form.company,
    termsAccepted: form.terms,
    language: form.language,
    rememberMe: form.remember,
    client: clientInfo(request, context),
  });
}

/** A new password with the e-mailed token (once): accounts ends every session and signs in anew. */
export async function resetPasswordWith(
  request: Request,
  context: LoadContext,
  form: ResetPasswordForm,
): Promise<SignedIn> {
  const fields = {
    token: form.token,
    email: form.email,
    password: form.password,
    passwordConfirmation: form.password_confirmation,
    remember: form.remember,
  };
  const { user, session } = await resetPassword(fields, clientInfo(request, context));
  if (!user || !session) throw new Error('accounts answered ResetPassword without user or session');
  return { user, setCookies: signedInCookies(request, session.token, form.remember) };
}
