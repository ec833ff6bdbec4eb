import type { LocaleId } from '~/i18n/locales';
import { routePath } from '~/routing/route-path';

/**
 * Where a sign-in goes around its second step (ADR 153). The paths' words are not translated,
 * so the interface language does not matter here.
 */
const at = (locale: LocaleId) => ({ locale, language: 'en' });

/** The code page, keeping where the sign-in goes afterwards. */
export const twoStepPagePath = (locale: LocaleId, target: string): string =>
  routePath('login.two-step', at(locale), {}, { redirect: target });

/** The login page saying the challenge has expired (or was never there): the password again. */
export const signInAgainPath = (locale: LocaleId, target: string): string =>
  routePath('login', at(locale), {}, { redirect: target, two_step: 'expired' });

/**
 * Where a recovery code signs in to: the account page's section, which says how many codes are
 * left — whoever needed one has likely lost the app, and turns it off or renews the codes there.
 */
export const RECOVERY_CODE_LANDING = '/account?two_step=recovery#two-step';
