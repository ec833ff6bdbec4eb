import { describePaymentProviderContract } from '../contracts/payment-provider.contract.js';
import {
  describeWithStripeMock,
  describeWithStripeTestMode,
  stripeHarness,
} from '../../test-support/stripe-targets.js';

describeWithStripeMock('stripe adapter on stripe-mock', (apiBase) => {
  describePaymentProviderContract('stripe (stripe-node) → stripe-mock', async () =>
    stripeHarness({ secretKey: 'sk_test_contract', apiBase }),
  );
});

describeWithStripeTestMode('stripe adapter on Stripe test mode', (secretKey) => {
  describePaymentProviderContract('stripe (stripe-node) → Stripe test mode', async () => stripeHarness({ secretKey }));
});
