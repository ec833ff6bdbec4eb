import type { FormResult } from '~/auth/page-forms';
import type { TwoStepSetupView } from './two-step-setup.server';

/** The account page's two-step forms are named `twoStep…` (data/two-step-forms.server.ts). */
export const isTwoStepAnswer = (answer: FormResult | undefined): answer is FormResult =>
  Boolean(answer?.intent?.startsWith('twoStep'));

const shownOf = (answer: FormResult) => (answer.shown ?? {}) as { setup?: TwoStepSetupView; recoveryCodes?: string[] };

/**
 * The setup the section shows while two-step sign-in is off, after an answer: a start's new one;
 * the same one after a code (wrong or mistyped: try again without the password; right: until the
 * page reads the account again and shows it on, so the password form does not flash meanwhile);
 * none once it expired or another two-step form answered. Kept by the page in memory only: a
 * reload starts again.
 */
export function setupAfter(
  previous: TwoStepSetupView | undefined,
  answer: FormResult | undefined,
): TwoStepSetupView | undefined {
  if (!isTwoStepAnswer(answer)) return previous;
  const started = shownOf(answer).setup;
  if (started) return started;
  const kept = answer.intent === 'twoStepConfirm' && answer.error?.key !== 'twoStep.noSetup';
  return kept ? previous : undefined;
}

/** The recovery codes an answer shows once (turned on, or renewed). */
export const recoveryCodesOf = (answer: FormResult | undefined): readonly string[] | undefined =>
  isTwoStepAnswer(answer) ? shownOf(answer).recoveryCodes : undefined;
