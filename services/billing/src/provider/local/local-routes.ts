import type { FastifyInstance } from 'fastify';
import {
  answerAuthentication,
  authenticationSummary,
  confirmSetupWithCard,
  type PageOutcome,
} from './local-checkout.js';
import { authenticationPage, cardPage, messagePage } from './local-pages.js';
import type { LocalProvider } from './local-provider.js';
import { registerTestClockRoutes } from './local-test-clock-routes.js';

type Form = Record<string, string | undefined>;
type Query = Record<string, string | undefined>;

const html = 'text/html; charset=utf-8';

/**
 * The local provider's browser pages on billing's HTTP listener: the card form of a SetupIntent,
 * the 3-D Secure challenge and the developer pages of its test clocks (local-test-clock-routes.ts).
 * The card number is posted only here (the provider's page, as Stripe's iframe would receive it),
 * never to billing's API, and is never logged.
 */
export function registerLocalProviderRoutes(app: FastifyInstance, provider: LocalProvider): void {
  app.get<{ Params: { id: string }; Querystring: Query }>('/local-provider/setup/:id', async (request, reply) => {
    const secret = request.query.client_secret ?? '';
    const returnUrl = request.query.return_url ?? '';
    return reply.type(html).send(cardPage(request.url.split('?')[0]!, secret, returnUrl, ''));
  });

  app.post<{ Params: { id: string }; Body: Form }>('/local-provider/setup/:id', async (request, reply) => {
    const form = request.body ?? {};
    const returnUrl = form.return_url ?? '';
    if (!URL.canParse(returnUrl))
      return reply.code(400).type(html).send(messagePage('The page that sent you here gave no way back.'));
    const outcome = await confirmSetupWithCard(provider, request.params.id, form.client_secret ?? '', returnUrl, {
      number: form.number ?? '',
      expMonth: Number(form.exp_month),
      expYear: Number(form.exp_year),
      cvc: (form.cvc ?? '').trim(),
    });
    if ('redirect' in outcome) return reply.redirect(outcome.redirect, 303);
    return reply
      .code(outcome.status)
      .type(html)
      .send(cardPage(request.url, form.client_secret ?? '', returnUrl, outcome.error));
  });

  app.get<{ Params: { id: string }; Querystring: Query }>(
    '/local-provider/authenticate/:id',
    async (request, reply) => {
      const secret = request.query.client_secret ?? '';
      const summary = await authenticationSummary(provider, request.params.id, secret);
      if (!summary) return reply.code(404).type(html).send(messagePage('There is nothing to authenticate.'));
      const amount = summary.amount > 0 ? `${summary.currency.toUpperCase()} ${(summary.amount / 100).toFixed(2)}` : '';
      return reply.type(html).send(authenticationPage(request.url.split('?')[0]!, secret, amount));
    },
  );

  app.post<{ Params: { id: string }; Body: Form }>('/local-provider/authenticate/:id', async (request, reply) => {
    const form = request.body ?? {};
    const outcome: PageOutcome = await answerAuthentication(
      provider,
      request.params.id,
      form.client_secret ?? '',
      form.answer === 'complete',
    );
    if ('redirect' in outcome) return reply.redirect(outcome.redirect, 303);
    return reply.code(outcome.status).type(html).send(messagePage(outcome.error));
  });

  registerTestClockRoutes(app, provider);
}
