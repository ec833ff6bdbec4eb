import type { SignInChallenge } from '@pc/proto/accounts/v1/accounts';
import { AccountType, type Session, type User } from '@pc/proto/accounts/v1/types';
import { clientInfo, login, mergeRecentlyViewed, register, resetPassword } from '~/services/accounts.server';
import { readRecentlyViewed } from '~/site/recently-viewed';
import type { LoginForm, RegisterForm, ResetPasswordForm } from './forms';
import { signedInCookies } from './session-change.server';
import { challengeCookie } from './two-step-cookie.server';

/** The visitor's address for throttling (the edge's load context, web/edge/site-edge.cjs). */
export type LoadContext = { readonly clientIp?: unknown } | undefined;

/** A signed-in user and the cookies of the sign-in: the httpOnly session (the token is never in a body) and a CSRF token bound to it. */
export interface SignedIn {
  readonly secondStep?: undefined;
  readonly user: User;
  readonly setCookies: string[];
}

/** The password was right but the account asks for the app's code (ADR 153): nothing is signed in yet, the challenge waits in its cookie. */
export interface SecondStepAsked {
  readonly secondStep: true;
  readonly setCookies: string[];
}

/** The guest's cookie list of recently viewed products (spec §3), newest first. */
const guestRecentlyViewed = (request: Request): string[] => readRecentlyViewed(request.headers.get('Cookie'));

/** What the first step (Login, ResetPassword) answered: a session, or a challenge for the second step. */
interface FirstStep {
  readonly user?: User | undefined;
  readonly session?: Session | undefined;
  readonly twoStep?: SignInChallenge | undefined;
}

/** The challenge in its cookie, or the user and session the first step started. */
function secondStepOr(
  request: Request,
  answer: FirstStep,
  rpc: string,
): SecondStepAsked | { user: User; session: Session } {
  if (answer.twoStep?.token)
    return { secondStep: true, setCookies: [challengeCookie(request, answer.twoStep.token, answer.twoStep.expiresAt)] };
  if (!answer.user || !answer.session) throw new Error(`accounts answered ${rpc} without user or session`);
  return { user: answer.user, session: answer.session };
}

/**
 * A session accounts started (after the password, or after the second step): its cookies, and
 * the guest's recently viewed list merged into the account (a failure there does not stop the sign-in).
 */
export async function startedSession(
  request: Request,
  user: User,
  session: Session,
  remember: boolean,
): Promise<SignedIn> {
  await mergeRecentlyViewed(user.id, guestRecentlyViewed(request)).catch((error: unknown) =>
    console.warn('recently viewed not merged at sign-in', error),
  );
  return { user, setCookies: signedInCookies(request, session.token, remember) };
}

/**
 * Signs in (the JSON API and the login page alike): accounts checks and throttles. An account
 * with two-step sign-in on answers a challenge instead, kept in its cookie for the code page.
 */
export async function signIn(
  request: Request,
  context: LoadContext,
  form: LoginForm,
): Promise<SignedIn | SecondStepAsked> {
  const answer = await login(form.email, form.password, form.remember, clientInfo(request, context));
  const step = secondStepOr(request, answer, 'Login');
  return 'secondStep' in step ? step : startedSession(request, step.user, step.session, form.remember);
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

/**
 * A new password with the e-mailed token (once): accounts ends every session and signs in anew —
 * or, with two-step sign-in on, asks for the app's code first (a new password does not skip it).
 */
export async function resetPasswordWith(
  request: Request,
  context: LoadContext,
  form: ResetPasswordForm,
): Promise<SignedIn | SecondStepAsked> {
  const fields = {
    token: form.token,
    email: form.email,
    password: form.password,
    passwordConfirmation: form.password_confirmation,
    remember: form.remember,
  };
  const step = secondStepOr(request, await resetPassword(fields, clientInfo(request, context)), 'ResetPassword');
  if ('secondStep' in step) return step;
  return { user: step.user, setCookies: signedInCookies(request, step.session.token, form.remember) };
}
