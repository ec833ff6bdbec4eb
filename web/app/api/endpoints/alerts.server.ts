import { z } from 'zod';
import { requireApiUser } from '~/auth/api-user.server';
import { notifications } from '~/services/notifications.server';
import { apiLocale } from '../http/api-locale.server';
import { jsonBody, privateJson, type ActionCall } from '../http/api-action.server';
import { knownProductId } from '../http/known-product.server';
import { localeParam } from '../http/params.server';
import { parseOrThrow, queryValues } from '../http/query.server';
import { ALERT_KINDS, ALERT_STATES, CHANNELS, alertJson, firingJson, notificationJson } from '../mappers/alerts.server';
import { pageMeta } from '../mappers/favourites.server';

const money = z.object({ amount: z.number().int().positive(), currency: z.string().regex(/^[A-Z]{3}$/) });
const channels = z
  .array(z.enum(['push', 'email']))
  .max(2)
  .default([]);
const newAlert = z.object({
  product_id: z.string().trim().min(1, 'is required').max(200),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
  kind: z.enum(['target_price', 'percentage_drop', 'back_in_stock']),
  target_price: money.optional(),
  drop_percent: z.number().int().min(1).max(99).optional(),
  rearm_automatically: z.boolean().default(false),
  channels,
});
const alertChange = z.object({
  version: z.number().int().min(0).default(0),
  target_price: money.optional(),
  drop_percent: z.number().int().min(1).max(99).optional(),
  rearm_automatically: z.boolean().optional(),
  channels: z
    .array(z.enum(['push', 'email']))
    .max(2)
    .optional(),
  state: z.enum(['armed', 'paused']).optional(),
});
const listQuery = z.object({
  product: z.string().max(200).default(''),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
  state: z.enum(['armed', 'fired', 'paused']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  hitsPerPage: z.coerce.number().int().min(1).max(100).default(20),
  locale: localeParam,
});
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  hitsPerPage: z.coerce.number().int().min(1).max(100).default(20),
});
const toMoney = (value: z.infer<typeof money> | undefined) =>
  value ? { amountMinor: value.amount, currency: value.currency } : undefined;

/** GET /api/alerts (account/alerts; ?product= for the alarm button): newest first. */
export async function listAlerts({ request, url }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const query = parseOrThrow(listQuery, queryValues(url));
  const answer = await notifications.listPriceAlerts({
    actorUserId: user.id,
    productId: query.product,
    country: query.country?.toUpperCase() ?? '',
    states: query.state ? [ALERT_STATES[query.state]] : [],
    page: { page: query.page, hitsPerPage: query.hitsPerPage },
  });
  return privateJson({ data: answer.alerts.map(alertJson), meta: pageMeta(answer.page) });
}

/** POST /api/alerts: a new alert in the locale's country unless `country` says otherwise; 201. */
export async function createAlert({ request, url }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const body = await jsonBody(request, newAlert);
  const { locale } = parseOrThrow(z.object({ locale: localeParam }), queryValues(url));
  const { alert, firedOnCreation } = await notifications.createPriceAlert({
    actorUserId: user.id,
    productId: await knownProductId('product_id', body.product_id),
    country: (body.country ?? apiLocale(locale).country).toUpperCase(),
    kind: ALERT_KINDS[body.kind],
    targetPrice: toMoney(body.target_price),
    dropPercent: body.drop_percent ?? 0,
    rearmAutomatically: body.rearm_automatically,
    channels: body.channels.map((c) => CHANNELS[c]),
  });
  return privateJson({ data: alert ? alertJson(alert) : null, fired_on_creation: firedOnCreation }, 201);
}

export async function showAlert({ request, params }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const { alert } = await notifications.getPriceAlert({ actorUserId: user.id, alertId: params.id ?? '' });
  return privateJson({ data: alert ? alertJson(alert) : null });
}

/** PATCH /api/alerts/{id}: threshold, channels, pause (`paused`) or re-arm (`armed`). */
export async function updateAlert({ request, params }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const body = await jsonBody(request, alertChange);
  const { alert } = await notifications.updatePriceAlert({
    actorUserId: user.id,
    alertId: params.id ?? '',
    expectedVersion: body.version,
    targetPrice: toMoney(body.target_price),
    dropPercent: body.drop_percent,
    rearmAutomatically: body.rearm_automatically,
    replaceChannels: body.channels !== undefined,
    channels: (body.channels ?? []).map((c) => CHANNELS[c]),
    state: body.state ? ALERT_STATES[body.state] : 0,
  });
  return privateJson({ data: alert ? alertJson(alert) : null });
}

export async function deleteAlert({ request, params }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  await notifications.deletePriceAlert({ actorUserId: user.id, alertId: params.id ?? '' });
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}

/** GET /api/alerts/{id}/firings: when the alert fired and at which price. */
export async function alertFirings({ request, url, params }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const { page, hitsPerPage } = parseOrThrow(pageQuery, queryValues(url));
  const answer = await notifications.listAlertFirings({
    actorUserId: user.id,
    alertId: params.id ?? '',
    page: { page, hitsPerPage },
  });
  return privateJson({ data: answer.firings.map(firingJson), meta: pageMeta(answer.page) });
}

/** GET /api/notifications: the user's notification log, newest first. */
export async function notificationLog({ request, url }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const { page, hitsPerPage } = parseOrThrow(pageQuery, queryValues(url));
  const answer = await notifications.listNotifications({
    actorUserId: user.id,
    userId: '',
    username: '',
    page: { page, hitsPerPage },
  });
  return privateJson({ data: answer.notifications.map(notificationJson), meta: pageMeta(answer.page) });
}
