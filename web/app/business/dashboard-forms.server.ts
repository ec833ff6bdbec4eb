import type { FormMessage } from '~/auth/page-forms';
import { accountForms } from '~/data/account-forms.server';
import { pageForm, type PageForms } from '~/data/form-action.server';
import { logoutPageForm } from '~/data/logout-form.server';
import { cancelAtPeriodEnd, cardEntry, subscribeShop } from '~/services/billing.server';
import { emptyForm, subscribeForm } from './forms';
import { BUSINESS_PATH, requireBusinessUser, siteUrl } from './business-user.server';
import { paymentAnswer } from './payment-outcome.server';

/** Billing's refusals that mean something on the dashboard (spec §8 texts where there is one). */
const BILLING_TEXTS = {
  NO_CARD_ON_FILE: 'business.card.none',
  SHOP_ALREADY_SUBSCRIBED: 'business.payment.alreadySubscribed',
  SUBSCRIPTION_INCOMPLETE: 'business.payment.incomplete',
  PLAN_MISMATCH: 'business.payment.planMismatch',
  SHOP_NOT_AWAITING_PAYMENT: 'business.payment.notAwaiting',
  ALREADY_CANCELED: 'business.subscription.alreadyCanceled',
  NOT_BUSINESS_ACCOUNT: 'business.required',
};

/**
 * The forms of the business dashboard: a card (to the provider's card page), the subscription for
 * a shop (3-D Secure when the bank asks), cancelling at the period end, deleting the account
 * (spec §4: the subscription ends at once, every shop goes; the same form as the account page's),
 * logout. Billing checks every call is the user's own.
 */
export const dashboardForms: PageForms = {
  card: pageForm({
    schema: emptyForm,
    reasons: BILLING_TEXTS,
    run: async ({ request }): Promise<FormMessage> => {
      const user = await requireBusinessUser(request);
      const entry = await cardEntry(user.id, siteUrl(request, `${BUSINESS_PATH}/card`));
      if (entry.cardPageUrl) return { key: 'business.card.continueHint', values: { url: entry.cardPageUrl } };
      return {
        key: 'business.card.elements',
        values: {
          clientSecret: entry.clientSecret,
          publishableKey: entry.publishableKey,
          returnUrl: siteUrl(request, `${BUSINESS_PATH}/card`),
        },
      };
    },
  }),
  subscribe: pageForm({
    schema: subscribeForm,
    reasons: BILLING_TEXTS,
    run: async ({ input, request }) => {
      const user = await requireBusinessUser(request);
      return paymentAnswer(
        await subscribeShop(user.id, input.shop_id, input.plan_id, siteUrl(request, `${BUSINESS_PATH}/payment`)),
        'payment',
      );
    },
  }),
  cancel: pageForm({
    schema: emptyForm,
    reasons: BILLING_TEXTS,
    run: async ({ request }) => {
      const user = await requireBusinessUser(request);
      await cancelAtPeriodEnd(user.id);
      return { key: 'business.subscription.canceled' };
    },
  }),
  delete: accountForms.delete!,
  logout: logoutPageForm,
};
