import { graceDays, type DunningPolicy } from './local-dunning.js';
import { escape, page } from './local-pages.js';
import { milestones, type TestClockView } from './local-test-clock-view.js';

const BASE = '/local-provider/test-clocks';
const when = (date: Date): string => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const money = (minor: number, currency: string): string => `${currency.toUpperCase()} ${(minor / 100).toFixed(2)}`;
const path = (customerId: string, action = ''): string =>
  `${BASE}/${encodeURIComponent(customerId)}${action ? `/${action}` : ''}`;

/** The index: every customer with its clock, linked to its page. */
export function testClockIndexPage(views: readonly TestClockView[]): string {
  const rows = views
    .map(
      (view) =>
        `<tr data-customer="${escape(view.customerId)}"><td><a href="${escape(path(view.customerId))}">${escape(view.email || view.customerId)}</a></td><td>${escape(view.name)}</td><td>${escape(when(view.now))}</td><td>${escape(view.subscriptions.map((s) => s.status).join(', ') || '—')}</td></tr>`,
    )
    .join('\n');
  return page(
    'Test clocks',
    `<h1>Test clocks</h1>
<p class="note">A developer page of the local payment provider (as Stripe's test clocks): each customer's clock can be moved forward; renewals, their charges and the retries of a failed one happen as it passes their dates.</p>
${views.length === 0 ? '<p>No customers yet.</p>' : `<table><thead><tr><th>Customer</th><th>Name</th><th>Clock</th><th>Subscriptions</th></tr></thead><tbody>\n${rows}\n</tbody></table>`}`,
  );
}

/** One customer's clock: what it bills and when, the card on file, and the forms that move the clock or make the card decline. */
export function testClockPage(
  view: TestClockView,
  dunning: DunningPolicy,
  token: string,
  message: { readonly text: string; readonly error: boolean } | null,
): string {
  const next = milestones(view);
  const hidden = `<input type="hidden" name="token" value="${escape(token)}">`;
  const advance = (by: string, label: string, extra = ''): string =>
    `<form method="post" action="${escape(path(view.customerId, 'advance'))}">${hidden}<input type="hidden" name="by" value="${by}">${extra}<button type="submit">${escape(label)}</button></form>`;
  const subscriptions = view.subscriptions
    .map(
      (s) =>
        `<li data-subscription="${escape(s.id)}" data-status="${escape(s.status)}"><strong>${escape(s.status)}</strong> · ${s.cancelAtPeriodEnd ? 'ends' : 'renews'} ${escape(when(s.periodEnd))}</li>`,
    )
    .join('');
  const invoices = view.invoices
    .map(
      (i) =>
        `<tr data-invoice="${escape(i.id)}" data-status="${escape(i.status)}"><td>${escape(i.number)}</td><td>${escape(when(i.periodStart))} – ${escape(when(i.periodEnd))}</td><td>${escape(money(i.total, i.currency))}</td><td>${escape(i.status)}</td><td>${i.attempts}</td><td>${i.nextAttempt ? escape(when(i.nextAttempt)) : '—'}</td></tr>`,
    )
    .join('');
  const retries = dunning.retryDays.length
    ? `retried ${dunning.retryDays.join(', ')} days apart (${graceDays(dunning)} days of grace), then ${dunning.afterRetries}`
    : `not retried: at once ${dunning.afterRetries}`;
  return page(
    `Test clock of ${view.email || view.customerId}`,
    `<h1>Test clock</h1>
<p><a href="${BASE}">All test clocks</a></p>
${message ? `<p class="${message.error ? 'error' : 'done'}" role="${message.error ? 'alert' : 'status'}">${escape(message.text)}</p>` : ''}
<p>${escape(view.email)} ${view.name ? `· ${escape(view.name)}` : ''}</p>
<p>Clock: <strong class="clock-time" data-time="${escape(view.now.toISOString())}">${escape(when(view.now))}</strong>${view.advanceMs > 0 ? ` <span class="note">(${escape((view.advanceMs / 86_400_000).toFixed(1))} days ahead)</span>` : ''}</p>
<h2>Subscriptions</h2>
${subscriptions ? `<ul>${subscriptions}</ul>` : '<p>None.</p>'}
<p class="note">A failed renewal is ${escape(retries)}.</p>
<h2>Advance the clock</h2>
${next.periodEnd ? advance('period_end', `To the period end (${when(next.periodEnd)})`) : ''}
${next.nextRetry ? advance('next_retry', `To the next retry (${when(next.nextRetry)})`) : ''}
${advance('days', 'Advance by days', '<label for="days">Days</label><input id="days" name="days" inputmode="numeric" required>')}
${advance('date', 'Advance to the date', '<label for="date">Date and time (UTC)</label><input id="date" name="date" type="datetime-local" required>')}
<h2>Card on file</h2>
${
  view.card
    ? `<p class="card" data-declines="${view.card.declines}">${escape(view.card.brand)} ending in ${escape(view.card.last4)}${view.card.declines ? ' · declines every charge' : ''}</p>
${view.card.declines ? '' : `<form method="post" action="${escape(path(view.customerId, 'decline'))}">${hidden}<button type="submit">Decline future charges</button></form>`}`
    : '<p>No card on file.</p>'
}
<h2>Invoices</h2>
${invoices ? `<table><thead><tr><th>Number</th><th>Period</th><th>Total</th><th>Status</th><th>Attempts</th><th>Next retry</th></tr></thead><tbody>${invoices}</tbody></table>` : '<p>None.</p>'}`,
  );
}
