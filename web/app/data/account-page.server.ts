import type { User } from '@pc/proto/accounts/v1/types';
import type { FormMessage } from '~/auth/page-forms';

/** What the account page shows of the user (no token, no id the page does not need). */
export function accountView(user: User) {
  return {
    name: user.name,
    email: user.email,
    phone: user.phone,
    language: user.language,
    company: user.company,
    isBusiness: user.isBusiness,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt?.toISOString() ?? null,
  };
}

export type AccountView = ReturnType<typeof accountView>;

/** Where a password reset signs in to: the account page, saying the password was reset. */
export const PASSWORD_RESET_LANDING = '/account?reset=1';

/**
 * The notice a link or a redirect brings to the account page: the e-mail verification landing
 * (`?verified=1|0`, from auth/verify-email), a password reset, the business area for a user
 * without a business account (`?business=required`).
 */
export function arrivalNotice(url: URL, user: User): { done?: FormMessage; error?: FormMessage } {
  const verified = url.searchParams.get('verified');
  if (verified === '1') return { done: { key: 'verify.done' } };
  if (verified === '0')
    return user.emailVerified ? { done: { key: 'verify.already' } } : { error: { key: 'verify.failed' } };
  if (url.searchParams.get('reset') === '1') return { done: { key: 'password.done' } };
  if (url.searchParams.get('business') === 'required' && !user.isBusiness)
    return { error: { key: 'business.required' } };
  return {};
}
