import { z } from 'zod';

/**
 * The forms of two-step sign-in (ADR 153): the code page of a sign-in and the account page's
 * setup, new recovery codes and turning off. Accounts checks every code; these catch what cannot
 * be one before it is sent, so a typo is a field error rather than a spent attempt.
 */

/** Apps show "123 456"; recovery codes are written "abcde-fghij": spaces never matter, dashes not in a recovery code. */
const withoutSpaces = (value: string) => value.replace(/\s/g, '');
const isAppCode = (value: string) => /^\d{6}$/.test(value);
const isRecoveryCode = (value: string) => /^[a-z0-9]{10}$/i.test(value.replace(/-/g, ''));

const password = z.string().min(1, 'is required').max(200);

/** A code field: spaces dropped, then present and of the shape `accepts` allows (`rule` names the message). */
const codeOf = (accepts: (code: string) => boolean, message: string, rule: string) =>
  z
    .string()
    .max(40)
    .transform(withoutSpaces)
    .pipe(z.string().min(1, 'is required').refine(accepts, { message, params: { rule } }));

/** Six digits from the app (turning it on, new recovery codes). */
export const appCode = codeOf(isAppCode, 'must be six digits', 'twoStep.codeFormat');

/** Six digits from the app or a recovery code (signing in, turning off). */
export const signInCode = codeOf(
  (code) => isAppCode(code) || isRecoveryCode(code),
  'must be six digits or a recovery code',
  'twoStep.codeOrRecoveryFormat',
);

/** The code page of a sign-in, and POST auth/two-step. */
export const twoStepCodeForm = z.object({ code: signInCode });

/** "Set up": the password first, so a session left open elsewhere cannot turn it on. */
export const twoStepStartForm = z.object({ password });

/** "Turn on": a code the app shows for the new secret. */
export const twoStepConfirmForm = z.object({ code: appCode });

/** "New recovery codes": a code from the app (a recovery code would renew itself). */
export const twoStepRenewForm = z.object({ code: appCode });

/** "Turn off": the password and a code, or a recovery code for a lost phone. */
export const twoStepOffForm = z.object({ password, code: signInCode });
