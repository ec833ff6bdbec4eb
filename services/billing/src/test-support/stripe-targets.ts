import Stripe from 'stripe';
import type { ContractHarness } from '../provider/contracts/payment-provider.contract.js';
import { StripeProvider } from '../provider/stripe/stripe-provider.js';

/**
 * stripe-mock (STRIPE_API_BASE, started by scripts/engines like the other engines): required
 * under REQUIRE_ENGINES=1 (CI), else skipped with a loud line — as the kit's real-engine tests.
 */
export function describeWithStripeMock(name: string, body: (apiBase: string) => void): void {
  const apiBase = process.env.STRIPE_API_BASE;
  if (apiBase) {
    describe(name, () => body(apiBase));
    return;
  }
  if (process.env.REQUIRE_ENGINES === '1') {
    describe(name, () => {
      it('needs STRIPE_API_BASE', () => {
        throw new Error(
          'STRIPE_API_BASE not set but REQUIRE_ENGINES=1: start the engines (scripts/engines/engines.sh up)',
        );
      });
    });
    return;
  }
  process.stderr.write(
    `\n*** SKIPPED: ${name} — STRIPE_API_BASE not set (scripts/engines/engines.sh up stripe-mock && source ~/.cache/pricecompare/engines/env.sh) ***\n`,
  );
  describe.skip(name, () => it('needs STRIPE_API_BASE', () => undefined));
}

/** Real Stripe in test mode, only when a test key is given (never in CI: it needs the internet and an account). */
export function describeWithStripeTestMode(name: string, body: (secretKey: string) => void): void {
  const key = process.env.STRIPE_SECRET_KEY;
  if (key?.startsWith('sk_test_')) {
    describe(name, () => body(key));
    return;
  }
  process.stderr.write(`\n*** SKIPPED: ${name} — STRIPE_SECRET_KEY (sk_test_…) not set ***\n`);
  describe.skip(name, () => it('needs STRIPE_SECRET_KEY', () => undefined));
}

/**
 * The stripe adapter with a card from Stripe's test PaymentMethod tokens (pm_card_visa,
 * pm_card_authenticationRequired, pm_card_chargeCustomerFail …): attached to the customer, the
 * token becomes a PaymentMethod of its own (stripe-mock echoes the token as its id).
 */
export function stripeHarness(options: {
  secretKey: string;
  apiBase?: string;
}): ContractHarness & { card(customerId: string, token: string): Promise<string> } {
  const provider = new StripeProvider({
    secretKey: options.secretKey,
    publishableKey: 'pk_test_contract',
    apiBase: options.apiBase,
  });
  const base = options.apiBase ? new URL(options.apiBase) : null;
  const stripe = new Stripe(
    options.secretKey,
    base ? { host: base.hostname, port: Number(base.port), protocol: 'http' } : {},
  );
  const card = async (customerId: string, token: string): Promise<string> =>
    (await stripe.paymentMethods.attach(token, { customer: customerId })).id;
  return {
    provider,
    card,
    succeedingCard: (customerId) => card(customerId, 'pm_card_visa'),
    close: () => provider.close(),
  };
}
