import { z } from 'zod';
import { grpcAddress, port } from '@pc/kit/config/env-types';
import { serviceConfigSchema } from '@pc/kit/config/service-config';

interface ProviderSelection {
  readonly PAYMENT_PROVIDER?: 'stripe' | 'local' | undefined;
  readonly STRIPE_SECRET_KEY?: string | undefined;
  readonly STRIPE_API_BASE?: string | undefined;
}

/** The payment provider the environment selects: explicit, else stripe when a key or an API base is set. */
export function providerKind(env: ProviderSelection): 'stripe' | 'local' {
  return env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY || env.STRIPE_API_BASE ? 'stripe' : 'local');
}

/** The billing service's environment: peers, the payment provider, its webhook endpoint. */
export const billingConfigSchema = serviceConfigSchema({
  /** accounts: actors and their roles (local profile: 50054). */
  ACCOUNTS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50054'),
  /** offers: a shop the site subscribes before its ShopRegistered arrived (local profile: 50052). */
  OFFERS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50052'),
  /** 'stripe' (stripe-node) or 'local' (Stripe's test cards, no keys). Unset: stripe when a key or STRIPE_API_BASE is set. */
  PAYMENT_PROVIDER: z.enum(['stripe', 'local']).optional(),
  /** Stripe secret key (sk_test_… / sk_live_…; any sk_test_ value for stripe-mock). Never logged. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_test_…)')
    .optional(),
  /** Publishable key handed to the browser for Stripe.js / Elements. */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe publishable key (pk_test_…)')
    .optional(),
  /** Another Stripe API base, e.g. stripe-mock's http://127.0.0.1:12111. */
  STRIPE_API_BASE: z.string().url().optional(),
  /** The webhook endpoint's signing secret (whsec_…); required with stripe. Local: generated per process when unset. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /** billing's HTTP listener (webhooks, the local provider's pages). Unset: OPS_PORT + 10 (0 when OPS_PORT is 0). */
  BILLING_HTTP_PORT: port.optional(),
  /** How browsers reach that listener (the local provider's card and 3-D Secure pages). Unset: http://GRPC_HOST:port. */
  BILLING_PUBLIC_URL: z.string().url().optional(),
  /** The site: return URLs must be its pages. */
  SITE_URL: z.string().url().default('http://127.0.0.1:3000'),
  /**
   * Local provider: days between a failed renewal charge and each retry (Stripe's custom retry
   * schedule), comma-separated; empty for none. The grace period is their sum.
   */
  LOCAL_PROVIDER_RETRY_DAYS: z
    .string()
    .default('3,5,7')
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map(Number),
    )
    .refine((days) => days.length <= 8 && days.every((day) => Number.isInteger(day) && day >= 1 && day <= 60), {
      message: 'must be up to 8 whole numbers of days from 1 to 60, comma-separated (e.g. 3,5,7)',
    }),
  /** Local provider: a renewal's subscription once every retry failed — unpaid (a new card still pays it), canceled, or left past_due. */
  LOCAL_PROVIDER_AFTER_RETRIES: z.enum(['unpaid', 'canceled', 'past_due']).default('unpaid'),
  /** The issuer line of invoices. */
  INVOICE_ISSUER: z.string().min(1).default('pricecompare · Zürich · Switzerland · VAT CHE-000.000.000'),
}).superRefine((env, ctx) => {
  const provider = providerKind(env);
  if (provider === 'stripe' && !env.STRIPE_WEBHOOK_SECRET)
    ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'required with PAYMENT_PROVIDER=stripe' });
  if (provider === 'stripe' && !env.STRIPE_SECRET_KEY && !env.STRIPE_API_BASE)
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message: 'required with PAYMENT_PROVIDER=stripe (or STRIPE_API_BASE for stripe-mock)',
    });
});

export type BillingConfig = z.infer<typeof billingConfigSchema>;
