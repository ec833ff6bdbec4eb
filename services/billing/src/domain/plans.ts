import { BillingInterval, type Plan } from '@pc/proto/billing/v1/types';
import type { PriceSpec } from '../provider/payment-provider.js';

/** A listing plan: a price per shop and period, in CHF, excluding VAT. */
export interface PlanSpec {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** Minor units (Rappen) per shop and period, excluding VAT. */
  readonly unitAmount: number;
  readonly interval: 'month' | 'year';
  readonly features: readonly string[];
}

export const PLAN_CURRENCY = 'CHF';

/** Swiss VAT (standard rate 8.1 %), added on top of every invoice. */
export const VAT = { permille: 81, country: 'CH' } as const;

export const PLANS: readonly PlanSpec[] = [
  {
    id: 'listing-monthly',
    name: 'Listing',
    description: 'Your shop’s offers on the price comparison, billed monthly per shop.',
    unitAmount: 4_900,
    interval: 'month',
    features: ['Offers from your product feeds', 'Click statistics', 'URL parameters on every click-out'],
  },
  {
    id: 'listing-yearly',
    name: 'Listing, yearly',
    description: 'The listing plan billed once a year per shop: two months free.',
    unitAmount: 49_000,
    interval: 'year',
    features: [
      'Offers from your product feeds',
      'Click statistics',
      'URL parameters on every click-out',
      'Two months free',
    ],
  },
];

export function findPlan(id: string): PlanSpec | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** The plan of a provider price, by the lookup key `priceSpec` gave it. */
export function planOfLookupKey(lookupKey: string | null | undefined): PlanSpec | undefined {
  return PLANS.find((plan) => priceSpec(plan).lookupKey === lookupKey);
}

export function priceSpec(plan: PlanSpec): PriceSpec {
  return {
    lookupKey: `pc-${plan.id}-chf`,
    productName: `pricecompare ${plan.name}`,
    unitAmount: plan.unitAmount,
    currency: PLAN_CURRENCY.toLowerCase(),
    interval: plan.interval,
  };
}

export function planMessage(plan: PlanSpec): Plan {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: { amountMinor: plan.unitAmount, currency: PLAN_CURRENCY },
    interval:
      plan.interval === 'month' ? BillingInterval.BILLING_INTERVAL_MONTH : BillingInterval.BILLING_INTERVAL_YEAR,
    features: [...plan.features],
  };
}
