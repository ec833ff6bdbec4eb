import { PaymentStatus, type PaymentOutcome } from '@pc/proto/billing/v1/types';
import type { ProviderIntent } from '../provider/payment-provider.js';

/**
 * A provider intent as the outcome the site shows (spec §8): succeeded ("subscription started
 * successfully" / "card updated successfully"), 3-D Secure required ("card needs 3D Secure"),
 * declined ("payment declined"), or another card problem ("provide a valid payment method").
 */
export function paymentOutcome(intent: ProviderIntent): PaymentOutcome {
  const base = { clientSecret: '', intentId: intent.id, declineCode: '', message: '', nextActionUrl: '' };
  switch (intent.status) {
    case 'succeeded':
      return { ...base, status: PaymentStatus.PAYMENT_STATUS_SUCCEEDED };
    case 'processing':
      return { ...base, status: PaymentStatus.PAYMENT_STATUS_PROCESSING };
    case 'requires_action':
      return {
        ...base,
        status: PaymentStatus.PAYMENT_STATUS_REQUIRES_ACTION,
        clientSecret: intent.clientSecret,
        nextActionUrl: intent.nextActionUrl,
      };
    default: {
      const error = intent.lastError;
      const declined = error?.code === 'card_declined';
      return {
        ...base,
        status: declined ? PaymentStatus.PAYMENT_STATUS_DECLINED : PaymentStatus.PAYMENT_STATUS_CARD_ERROR,
        declineCode: error?.declineCode || error?.code || '',
        message: error?.message ?? '',
      };
    }
  }
}

/** Nothing to pay now (a shop added to a running subscription, a card saved). */
export function succeeded(intentId = ''): PaymentOutcome {
  return {
    status: PaymentStatus.PAYMENT_STATUS_SUCCEEDED,
    clientSecret: '',
    intentId,
    declineCode: '',
    message: '',
    nextActionUrl: '',
  };
}
