import { sameSiteTarget } from '~/auth/redirect-target';
import { cookieHeaders } from '~/auth/session-change.server';
import { twoStepCodeForm } from '~/auth/two-step-forms';
import { twoStepPagePath } from '~/auth/two-step-paths';
import { completeTwoStep } from '~/auth/two-step-sign-in.server';
import { DEFAULT_LOCALE, parseLocale } from '~/i18n/locales';
import { jsonBody, privateJson, type ActionCall } from '../http/api-action.server';
import { userJson } from '../mappers/account.server';

/** What POST auth/login (and auth/reset-password) answer when the account asks for the app's code. */
export interface TwoStepRequired {
  readonly two_step_required: true;
  /** The code page, keeping the target: the browser goes there (the token stays in its httpOnly cookie). */
  readonly path: string;
}

/**
 * 202: the password was right, the second step is next (ADR 153). The challenge is in the
 * httpOnly cookie set here, never in the body; `path` is the code page, in the locale of the
 * target (a path on this site, else the default locale's home).
 */
export function twoStepRequired(asked: string | undefined, setCookies: readonly string[]): Response {
  const target = sameSiteTarget(asked, `/${DEFAULT_LOCALE}`);
  const locale = parseLocale(target.split('/')[1])?.id ?? DEFAULT_LOCALE;
  const body: TwoStepRequired = { two_step_required: true, path: twoStepPagePath(locale, target) };
  return privateJson(body, 202, cookieHeaders(setCookies));
}

/**
 * POST auth/two-step: JSON {code} — six digits from the app or a recovery code — for the
 * challenge of the login's cookie. Signed in, it answers the user as POST auth/login does (the
 * session cookie set, the challenge's cleared). A wrong code is 401 with reason INVALID_CODE;
 * an expired, used or ended challenge (or none) is 401 with reason CHALLENGE_EXPIRED: log in
 * again. Both are 401 (not 410): like a wrong password, the challenge is a credential that
 * failed, and the reason tells them apart. 429 throttled, 400 a code that cannot be one.
 */
export async function twoStepEndpoint({ request, context }: ActionCall): Promise<Response> {
  const form = await jsonBody(request, twoStepCodeForm);
  const { user, setCookies } = await completeTwoStep(request, context, form.code);
  return privateJson(userJson(user), 200, cookieHeaders(setCookies));
}
