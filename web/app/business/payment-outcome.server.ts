import { redirect } from '@remix-run/node';
import type { FormMessage } from '~/auth/page-forms';
import type { PaymentView } from '~/services/billing.server';
import { BUSINESS_PATH } from './business-user.server';

const WORDS: Readonly<Record<PaymentView['message'], string>> = {
  subscriptionStarted: 'started',
  cardUpdated: 'updated',
  paymentDeclined: 'declined',
  cardError: 'error',
  processing: 'processing',
  needs3ds: 'error',
};

/**
 * A payment's outcome as the browser gets it (billing README "Card flow"): 3-D Secure is a text
 * ("card needs 3D Secure") with the bank's page to continue to — a link, since a form's answer may
 * not redirect to another site under the site's CSP — and everything else a redirect to the
 * dashboard, which says the spec §8 text of it (`?card=…` after a card, `?payment=…` after a payment).
 */
export function paymentAnswer(view: PaymentView, after: 'card' | 'payment'): Response | FormMessage {
  if (view.message === 'needs3ds' && view.redirectTo)
    return { key: 'business.payment.needs3ds', values: { url: view.redirectTo } };
  return redirect(`${BUSINESS_PATH}?${after}=${WORDS[view.message]}`);
}
