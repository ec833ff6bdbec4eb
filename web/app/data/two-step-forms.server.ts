import { twoStepSetupView, type TwoStepSetupView } from '~/account/two-step-setup.server';
import { requireSession } from '~/auth/guards.server';
import type { FormShown } from '~/auth/page-forms';
import { twoStepConfirmForm, twoStepOffForm, twoStepRenewForm, twoStepStartForm } from '~/auth/two-step-forms';
import { clientInfo, ownTwoStep } from '~/services/accounts.server';
import { pageForm, type PageForms } from './form-action.server';
import { TWO_STEP_REASONS } from './two-step-reasons.server';

/** What a two-step form's answer shows once (FormResult.shown): the setup to scan, or recovery codes. */
export type TwoStepShown = { readonly setup: TwoStepSetupView } | { readonly recoveryCodes: readonly string[] };

const shown = (key: string, what: TwoStepShown): FormShown<TwoStepShown> => ({ done: { key }, shown: what });

/**
 * The account page's two-step sign-in forms (ADR 153): set up with the password (the secret is
 * only in that answer; accounts keeps it until the code confirms it), turn on with a code (the
 * recovery codes are only in that answer), new recovery codes with a code, turn off with the
 * password and a code. Each acts for the session's user; accounts checks and throttles.
 */
export const twoStepForms: PageForms = {
  twoStepStart: pageForm({
    schema: twoStepStartForm,
    reasons: TWO_STEP_REASONS,
    run: async ({ input, request, context }) => {
      const { user } = await requireSession(request);
      const started = await ownTwoStep.startSetup(user.id, input.password, clientInfo(request, context));
      return shown('twoStep.setupStarted', { setup: await twoStepSetupView(started) });
    },
  }),
  twoStepConfirm: pageForm({
    schema: twoStepConfirmForm,
    reasons: TWO_STEP_REASONS,
    run: async ({ input, request, context }) => {
      const { user } = await requireSession(request);
      const recoveryCodes = await ownTwoStep.confirmSetup(user.id, input.code, clientInfo(request, context));
      return shown('twoStep.turnedOn', { recoveryCodes });
    },
  }),
  twoStepRenew: pageForm({
    schema: twoStepRenewForm,
    reasons: TWO_STEP_REASONS,
    run: async ({ input, request, context }) => {
      const { user } = await requireSession(request);
      const recoveryCodes = await ownTwoStep.renewRecoveryCodes(user.id, input.code, clientInfo(request, context));
      return shown('twoStep.renewed', { recoveryCodes });
    },
  }),
  twoStepOff: pageForm({
    schema: twoStepOffForm,
    reasons: TWO_STEP_REASONS,
    run: async ({ input, request, context }) => {
      const { user } = await requireSession(request);
      await ownTwoStep.turnOff(user.id, input.password, input.code, clientInfo(request, context));
      return { key: 'twoStep.turnedOff' };
    },
  }),
};
