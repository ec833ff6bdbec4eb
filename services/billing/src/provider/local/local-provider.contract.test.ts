import { describePaymentProviderContract } from '../contracts/payment-provider.contract.js';
import { localHarness } from '../../test-support/local-provider-harness.js';

describePaymentProviderContract('local (Stripe test cards, embedded store)', localHarness);
