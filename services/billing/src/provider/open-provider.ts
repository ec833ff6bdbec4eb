import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { dataFile } from '@pc/engine-profile/data-path';
import { providerKind, type BillingConfig } from '../config.js';
import { LocalProvider } from './local/local-provider.js';
import { LocalState } from './local/local-state.js';
import { WebhookSender } from './local/webhook-sender.js';
import type { PaymentProvider } from './payment-provider.js';
import { StripeProvider } from './stripe/stripe-provider.js';

/** The provider the config selects, the secret its webhooks are verified with, and what runs beside it. */
export interface OpenedProvider {
  readonly provider: PaymentProvider;
  readonly webhookSecret: string;
  /** The local provider (its pages are served by billing's HTTP listener), else null. */
  readonly local: LocalProvider | null;
  /** Starts delivering the local provider's webhooks to `endpoint`. */
  start(endpoint: string): void;
  close(): Promise<void>;
}

/**
 * stripe: stripe-node against Stripe or STRIPE_API_BASE (stripe-mock). local: the local provider
 * on an embedded store of its own (<DATA_DIR>/billing-provider/documents.sqlite: it stands in for
 * an outside system, so it is not billing's store), delivering signed webhooks to billing.
 */
export async function openProvider(
  config: BillingConfig,
  publicUrl: () => string,
  logger: Logger,
  clock?: () => Date,
): Promise<OpenedProvider> {
  if (providerKind(config) === 'stripe') {
    const provider = new StripeProvider({
      secretKey: config.STRIPE_SECRET_KEY ?? 'sk_test_stripe_mock',
      publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? '',
      apiBase: config.STRIPE_API_BASE,
    });
    return {
      provider,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      local: null,
      start: () => undefined,
      close: () => provider.close(),
    };
  }
  const store = await openEmbeddedDocumentStore({
    path: dataFile(config.DATA_DIR, 'billing-provider', 'documents.sqlite'),
  });
  const state = await LocalState.open(store);
  const provider = new LocalProvider(state, {
    publicUrl,
    clock,
    dunning: { retryDays: config.LOCAL_PROVIDER_RETRY_DAYS, afterRetries: config.LOCAL_PROVIDER_AFTER_RETRIES },
  });
  // Sender and receiver are this process: a secret of its own per start is enough (events are signed when sent).
  const webhookSecret =
    config.STRIPE_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;
  let target = '';
  const sender = new WebhookSender(state, { target: () => target, secret: webhookSecret, logger });
  return {
    provider,
    webhookSecret,
    local: provider,
    start: (endpoint) => {
      target = endpoint;
      sender.start();
      provider.cycle.start(logger);
    },
    close: async () => {
      await provider.cycle.stop();
      await sender.stop();
      await store.close();
    },
  };
}
