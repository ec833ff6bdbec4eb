import type { FormMessage } from '~/auth/page-forms';
import { ownTwoStep } from '~/services/accounts.server';

/** The account page's two-step sign-in section (ADR 153): on or off, since when, recovery codes left. */
export interface TwoStepView {
  readonly on: boolean;
  readonly onSince: string | null;
  readonly recoveryCodesLeft: number;
}

export async function twoStepView(userId: string): Promise<TwoStepView> {
  const state = await ownTwoStep.get(userId);
  return {
    on: state.on,
    onSince: state.onSince?.toISOString() ?? null,
    recoveryCodesLeft: state.recoveryCodesLeft,
  };
}

/** After signing in with a recovery code (`?two_step=recovery`): how many are left, counted now. */
export function twoStepArrival(url: URL, view: TwoStepView): { done?: FormMessage; error?: FormMessage } | undefined {
  if (url.searchParams.get('two_step') !== 'recovery' || !view.on) return undefined;
  return { done: { key: 'twoStep.recoveryUsed', values: { count: view.recoveryCodesLeft } } };
}
