import { redirect } from '@remix-run/node';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { httpStatusForGrpc } from '@pc/kit/errors/status-table';
import type { FormMessage } from '~/auth/page-forms';
import { confirmPayment, saveCard, type PaymentView } from '~/services/billing.server';
import { BUSINESS_PATH, requireBusinessUser, siteUrl } from './business-user.server';
import { paymentAnswer } from './payment-outcome.server';

/** Stripe's ids as they come back in a return URL (`seti_…`, `pi_…`), bounded. */
const INTENT_ID = /^(seti|pi)_[A-Za-z0-9_]{1,200}$/;

/**
 * The browser comes back from the provider's card page or the bank (billing README "Card flow"):
 * GET return_url?setup_intent=… (a card entered) or ?payment_intent=… (3-D Secure done). The card
 * becomes the card on file, or the payment's outcome is read; then the dashboard says it (a
 * redirect), or, when the bank asks again, the page shows the way on. A malformed or someone
 * else's intent (billing: NOT_FOUND) is "provide a valid payment method", never a 500.
 */
export async function cardFlowReturn(request: Request): Promise<Response | FormMessage> {
  const user = await requireBusinessUser(request);
  const url = new URL(request.url);
  const setupIntent = url.searchParams.get('setup_intent') ?? '';
  const paymentIntent = url.searchParams.get('payment_intent') ?? '';
  const after = setupIntent ? 'card' : 'payment';
  const intent = setupIntent || paymentIntent;
  if (!INTENT_ID.test(intent)) return redirect(`${BUSINESS_PATH}?${after}=error`);
  let view: PaymentView;
  try {
    view = setupIntent
      ? await saveCard(user.id, setupIntent, siteUrl(request, `${BUSINESS_PATH}/payment`))
      : await confirmPayment(user.id, paymentIntent);
  } catch (error) {
    if (error instanceof RpcError && httpStatusForGrpc(error.code) < 500)
      return redirect(`${BUSINESS_PATH}?${after}=error`);
    throw error;
  }
  return paymentAnswer(view, after);
}
