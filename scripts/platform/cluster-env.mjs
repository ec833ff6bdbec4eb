// The environment of the cluster profile on one machine: every service on the real engines
// started by scripts/engines/engines.sh, selected the way the Helm chart selects them.
import { randomBytes } from 'node:crypto';
import { clusterUrls, stripeApiBase } from '../engines/engine-urls.mjs';

export function clusterEnv(env = process.env) {
  const urls = clusterUrls(env);
  const missing = Object.keys(urls).filter((name) => !urls[name]);
  if (missing.length > 0) {
    throw new Error(`the cluster profile needs ${missing.join(', ')}: run scripts/engines/engines.sh up first`);
  }
  return {
    ...urls,
    ...paymentEnv(env),
    EVENT_BUS: 'kafka',
    DOCUMENT_STORE: 'mongodb',
    SEARCH_INDEX: 'elasticsearch',
    CACHE: 'redis',
  };
}

/**
 * Billing on Stripe's API where stripe-mock runs (engines.sh starts it), else the local test-card
 * provider. stripe-mock sends no webhooks, so the signing secret only has to be one billing and
 * whoever signs test deliveries agree on: a fresh one per start unless one is given.
 */
function paymentEnv(env) {
  if (env.PAYMENT_PROVIDER) return {};
  const apiBase = env.STRIPE_API_BASE ?? stripeApiBase(env);
  if (!apiBase) return { PAYMENT_PROVIDER: 'local' };
  return {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_API_BASE: apiBase,
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('hex')}`,
  };
}
