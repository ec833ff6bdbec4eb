import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DomainError, InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { ERROR_TABLE } from '@pc/kit/errors/status-table';
import { MAX_ADVANCE_MS } from './local-clocks.js';
import { messagePage } from './local-pages.js';
import type { LocalProvider } from './local-provider.js';
import { testClockIndexPage, testClockPage } from './local-test-clock-pages.js';
import { milestones, testClockIndex, testClockView, type TestClockView } from './local-test-clock-view.js';

type Form = Record<string, string | undefined>;

const html = 'text/html; charset=utf-8';
const DAY_MS = 86_400_000;

const refused = (field: string, reason: string): InvalidArgumentError =>
  new InvalidArgumentError([{ field, reason, rule: 'clock' }]);

/** What a form did, carried to the page it redirects to (the page words it; no text travels in the URL). */
interface Outcome {
  readonly moved?: string;
  readonly steps?: string;
  readonly declining?: string;
}

/** The page's words for an outcome ('' for none, or for values that are not what a form sends). */
function outcomeText(outcome: Outcome): string {
  const moved = outcome.moved && !Number.isNaN(Date.parse(outcome.moved)) ? new Date(outcome.moved) : null;
  const steps = /^\d{1,4}$/.test(outcome.steps ?? '') ? Number(outcome.steps) : null;
  if (moved && steps !== null)
    return `The clock moved to ${moved.toISOString()} (${steps === 1 ? '1 step' : `${steps} steps`} of billing on the way).`;
  if (/^\d{4}$/.test(outcome.declining ?? ''))
    return `The card ending in ${outcome.declining} declines every charge from now on.`;
  return '';
}

/** Where the form asks the clock to go: the next period end, the next retry, some days on, or a date (UTC). */
function advanceTarget(view: TestClockView, form: Form): Date {
  const next = milestones(view);
  switch (form.by) {
    case 'period_end':
      if (!next.periodEnd) throw refused('by', 'no running subscription renews');
      return next.periodEnd;
    case 'next_retry':
      if (!next.nextRetry) throw refused('by', 'no invoice waits for a retry');
      return next.nextRetry;
    case 'days': {
      const days = Number((form.days ?? '').trim());
      if (!(form.days ?? '').trim() || !Number.isInteger(days) || days < 1 || days * DAY_MS > MAX_ADVANCE_MS)
        throw refused('days', `must be a whole number of days from 1 to ${MAX_ADVANCE_MS / DAY_MS}`);
      return new Date(view.now.getTime() + days * DAY_MS);
    }
    case 'date': {
      const text = (form.date ?? '').trim();
      const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text) ? new Date(`${text}Z`) : new Date(Number.NaN);
      if (Number.isNaN(date.getTime())) throw refused('date', 'must be a date and time (YYYY-MM-DDTHH:MM, UTC)');
      return date;
    }
    default:
      throw refused('by', 'must be period_end, next_retry, days or date');
  }
}

/**
 * The local provider's developer pages (registered only when billing runs on it, never with
 * Stripe; nothing on the site links here): the test clocks of its customers, a form to move one
 * forward, and one to make the card on file decline from now on. Forms carry a token of this
 * process, so another site cannot post them. Refusals answer 4xx and change nothing.
 */
export function registerTestClockRoutes(app: FastifyInstance, provider: LocalProvider): void {
  const token = randomBytes(18).toString('base64url');
  const tokenOk = (given: string | undefined): boolean => {
    const a = Buffer.from(given ?? '');
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const unknown = (reply: FastifyReply, customerId: string) =>
    reply
      .code(404)
      .type(html)
      .send(messagePage(`No such customer: ${customerId}`));
  const show = async (reply: FastifyReply, customerId: string, status: number, text: string, error: boolean) => {
    const view = await testClockView(provider, customerId);
    if (!view) return unknown(reply, customerId);
    return reply
      .code(status)
      .type(html)
      .send(testClockPage(view, provider.dunning, token, text ? { text, error } : null));
  };
  /** Posts run `change`; a refusal is shown on the page with its 4xx and nothing changed. */
  const post = (action: string, change: (customerId: string, form: Form, view: TestClockView) => Promise<Outcome>) =>
    app.post<{ Params: { customer: string }; Body: Form }>(
      `/local-provider/test-clocks/:customer/${action}`,
      async (request, reply) => {
        const customerId = request.params.customer;
        const form = request.body ?? {};
        if (!tokenOk(form.token))
          return reply.code(403).type(html).send(messagePage('This form has expired. Open the test clock again.'));
        const view = await testClockView(provider, customerId);
        if (!view) return unknown(reply, customerId);
        try {
          const done = new URLSearchParams({ ...(await change(customerId, form, view)) });
          return reply.redirect(`/local-provider/test-clocks/${encodeURIComponent(customerId)}?${done}`, 303);
        } catch (error) {
          if (!(error instanceof DomainError) || ERROR_TABLE[error.kind].http >= 500) throw error;
          const reason = error instanceof InvalidArgumentError ? error.violations : null;
          const text = reason?.map((v) => `${v.field} ${v.reason}`).join('; ') ?? error.message;
          return show(reply, customerId, ERROR_TABLE[error.kind].http, text, true);
        }
      },
    );

  app.get('/local-provider/test-clocks', async (_request, reply) =>
    reply.type(html).send(testClockIndexPage(await testClockIndex(provider))),
  );

  app.get<{ Params: { customer: string }; Querystring: Outcome }>(
    '/local-provider/test-clocks/:customer',
    async (request, reply) => show(reply, request.params.customer, 200, outcomeText(request.query), false),
  );

  post('advance', async (customerId, form, view) => {
    const outcome = await provider.testHelpers.advanceClock(customerId, advanceTarget(view, form));
    return { moved: outcome.to.toISOString(), steps: String(outcome.steps) };
  });

  post('decline', async (customerId) => {
    const card = await provider.testHelpers.declineFutureCharges(customerId);
    return { declining: card.last4 };
  });
}
