import {
  BillingServiceService,
  type HandleStripeWebhookRequest,
  type HandleStripeWebhookResponse,
  type ListPlansRequest,
  type ListPlansResponse,
} from '@pc/proto/billing/v1/billing';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { PLAN_CURRENCY, PLANS, planMessage } from '../domain/plans.js';
import { createSetupIntent, getPaymentMethod, updatePaymentMethod } from './card-handlers.js';
import type { BillingDependencies } from './dependencies.js';
import { BillingChecks } from './field-checks.js';
import { getInvoice, listAllInvoices, listInvoices, renderInvoice } from './invoice-handlers.js';
import { startSubscription } from './start-subscription.js';
import { cancelSubscription, confirmPayment, getSubscription } from './subscription-handlers.js';

/** ListPlans: the plans on offer; prices are in CHF only. */
function listPlans(request: ListPlansRequest): ListPlansResponse {
  const checks = new BillingChecks();
  const currency = request.currency.trim().toUpperCase();
  if (currency && currency !== PLAN_CURRENCY)
    checks.add('currency', `plans are offered in ${PLAN_CURRENCY} only`, 'in', { values: PLAN_CURRENCY });
  checks.done();
  return { plans: PLANS.map(planMessage) };
}

/** HandleStripeWebhook: a webhook forwarded verbatim by an HTTP edge (the raw body and its Stripe-Signature). */
async function handleStripeWebhook(
  request: HandleStripeWebhookRequest,
  deps: BillingDependencies,
): Promise<HandleStripeWebhookResponse> {
  const checks = new BillingChecks();
  if (request.payload.length === 0) checks.add('payload', 'is required (the raw request body)', 'required');
  checks.text('signature', request.signature, { required: true, max: 4_096 });
  checks.done();
  return deps.webhooks.handle(request.payload, request.signature);
}

/** The billing gRPC API (proto/billing/v1): every RPC served. */
export function billingService(deps: BillingDependencies): ServiceRegistration {
  return serviceRegistration('pricecompare.billing.v1.BillingService', BillingServiceService, {
    listPlans: async (request) => listPlans(request),
    getSubscription: (request) => getSubscription(request, deps),
    startSubscription: (request) => startSubscription(request, deps),
    confirmPayment: (request) => confirmPayment(request, deps),
    createSetupIntent: (request) => createSetupIntent(request, deps),
    updatePaymentMethod: (request) => updatePaymentMethod(request, deps),
    getPaymentMethod: (request) => getPaymentMethod(request, deps),
    cancelSubscription: (request) => cancelSubscription(request, deps),
    listInvoices: (request) => listInvoices(request, deps),
    getInvoice: (request) => getInvoice(request, deps),
    handleStripeWebhook: (request) => handleStripeWebhook(request, deps),
    renderInvoice: (request) => renderInvoice(request, deps),
    listAllInvoices: (request) => listAllInvoices(request, deps),
  });
}
