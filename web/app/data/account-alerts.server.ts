import { redirect } from '@remix-run/node';
import { AlertState } from '@pc/proto/notifications/v1/types';
import { knownProductId } from '~/api/http/known-product.server';
import { ALERT_KINDS, CHANNELS } from '~/api/mappers/alerts.server';
import { alertForm, alertIdForm, rearmAlertForm, toMinorUnits } from '~/alerts/forms';
import { requireUser } from '~/auth/guards.server';
import { countryOf } from '~/i18n/regions';
import { notifications } from '~/services/notifications.server';
import { pageForm, type PageForms } from './form-action.server';
import { logoutPageForm } from './logout-form.server';

const ALERT_TEXTS = { ALERT_EXISTS: 'alerts.exists', TOO_MANY_ALERTS: 'alerts.tooMany' };

/**
 * The forms of the alerts page: a new alert (from the product page's alarm button), delete,
 * re-arm. Notifications checks the alerts are the user's (another user's is NOT_FOUND) and says
 * whether a new alert fired at once, which the page then tells (issue 6).
 */
export const accountAlertForms: PageForms = {
  create: pageForm({
    schema: alertForm,
    reasons: ALERT_TEXTS,
    run: async ({ input, request }) => {
      const user = await requireUser(request);
      const currency = countryOf(input.country)?.currency ?? 'EUR';
      const { firedOnCreation } = await notifications.createPriceAlert({
        actorUserId: user.id,
        productId: await knownProductId('product_id', input.product_id),
        country: input.country.toUpperCase(),
        kind: ALERT_KINDS[input.kind],
        targetPrice:
          input.kind === 'target_price' ? { amountMinor: toMinorUnits(input.target_price), currency } : undefined,
        dropPercent: input.kind === 'percentage_drop' ? Number(input.drop_percent) : 0,
        rearmAutomatically: input.rearm_automatically,
        channels: input.notify_email ? [CHANNELS.push, CHANNELS.email] : [CHANNELS.push],
      });
      return redirect(`/account/alerts?created=${firedOnCreation ? 'fired' : 'armed'}`);
    },
  }),
  delete: pageForm({
    schema: alertIdForm,
    run: async ({ input, request }) => {
      const user = await requireUser(request);
      await notifications.deletePriceAlert({ actorUserId: user.id, alertId: input.alert_id });
      return { key: 'alerts.deleted' };
    },
  }),
  rearm: pageForm({
    schema: rearmAlertForm,
    run: async ({ input, request }) => {
      const user = await requireUser(request);
      const { alert } = await notifications.updatePriceAlert({
        actorUserId: user.id,
        alertId: input.alert_id,
        expectedVersion: input.version,
        targetPrice: undefined,
        dropPercent: undefined,
        rearmAutomatically: undefined,
        replaceChannels: false,
        channels: [],
        state: AlertState.ALERT_STATE_ARMED,
      });
      return { key: alert?.state === AlertState.ALERT_STATE_FIRED ? 'alerts.firedOnRearm' : 'alerts.rearmed' };
    },
  }),
  logout: logoutPageForm,
};
