import type { FormResult } from '~/auth/page-forms';
import { emptyForm } from '~/business/forms';
import { PageForm } from '~/components/forms/PageForm';
import { formatDate, formatPrice } from '~/i18n/format';
import type { CardView, InvoiceView, PlanView, SubscriptionView } from '~/services/billing.server';
import { useSite } from '~/site/use-site';
import { ContinueLink } from './ContinueLink';
import { StripeCardForm } from './StripeCardForm';
import { planLabel } from './ShopTable';

/** The subscription (spec §2.2): status, plan, shops, the period, what to do when a payment failed; cancelling at its end. */
export function SubscriptionPanel({
  subscription,
  plans,
}: {
  subscription: SubscriptionView | null;
  plans: readonly PlanView[];
}) {
  const { t, tag } = useSite();
  if (!subscription) return <p className="empty-state">{t('business.subscription.none')}</p>;
  const plan = plans.find((candidate) => candidate.id === subscription.planId);
  const running =
    subscription.status === 'active' || subscription.status === 'pastDue' || subscription.status === 'unpaid';
  return (
    <div className="subscription" data-status={subscription.status}>
      <p>
        <strong>{t(`business.subscription.statuses.${subscription.status}`)}</strong>
        {plan ? ` · ${t('business.subscription.plan', { plan: planLabel(plan, t, tag) })}` : null}
        {` · ${t('business.subscription.shops', { n: subscription.shopIds.length })}`}
      </p>
      {subscription.status === 'pastDue' || subscription.status === 'unpaid' ? (
        <p className="subscription-warning" role="status">
          {t(`business.subscription.paymentFailed.${subscription.status}`)}
        </p>
      ) : null}
      {subscription.periodEnd && running ? (
        <p className="muted">
          {t(subscription.cancelAtPeriodEnd ? 'business.subscription.endsOn' : 'business.subscription.renews', {
            date: formatDate(subscription.periodEnd, tag),
          })}
        </p>
      ) : null}
      {running && !subscription.cancelAtPeriodEnd ? (
        <PageForm
          schema={emptyForm}
          intent="cancel"
          submit={t('business.subscription.cancel')}
          submitClassName=""
          className="inline-form"
        />
      ) : null}
      <p className="muted small">{t('business.plans.vat')}</p>
    </div>
  );
}

/**
 * The card on file ("no card on file") and the way to add or replace it: billing's card page of
 * the provider (a link the browser follows), or Stripe Elements where billing runs on Stripe.
 */
export function CardPanel({ card, answer }: { card: CardView | null; answer: FormResult | undefined }) {
  const { t } = useSite();
  const entry = answer?.intent === 'card' ? answer.done?.values : undefined;
  return (
    <div className="card-on-file">
      <p>
        {card
          ? t('business.card.onFile', { brand: card.brand.toUpperCase(), last4: card.last4, expires: card.expires })
          : t('business.card.none')}
      </p>
      {typeof entry?.url === 'string' ? (
        <>
          <p className="muted">{t('business.card.continueHint')}</p>
          <ContinueLink href={entry.url} follow>
            {t('business.card.continue')}
          </ContinueLink>
        </>
      ) : typeof entry?.clientSecret === 'string' ? (
        <StripeCardForm
          clientSecret={entry.clientSecret}
          publishableKey={String(entry.publishableKey ?? '')}
          returnUrl={String(entry.returnUrl ?? '')}
        />
      ) : (
        <PageForm
          schema={emptyForm}
          intent="card"
          submit={card ? t('business.card.replace') : t('business.card.add')}
          submitClassName={card ? '' : 'primary'}
          className="inline-form"
          showResult={answer?.intent === 'card' && !!answer.error}
        />
      )}
    </div>
  );
}

/** Invoices (spec §3: amount, date, paid or unpaid) with their download; "no invoices yet". */
export function InvoiceTable({ invoices }: { invoices: readonly InvoiceView[] }) {
  const { t, tag } = useSite();
  if (invoices.length === 0) return <p className="empty-state">{t('business.invoices.empty')}</p>;
  return (
    <div className="table-scroll">
      <table className="business-table">
        <thead>
          <tr>
            <th scope="col">{t('business.invoices.date')}</th>
            <th scope="col">{t('business.invoices.number')}</th>
            <th scope="col">{t('business.invoices.amount')}</th>
            <th scope="col">{t('business.invoices.status')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('business.invoices.download')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id} data-invoice={invoice.id}>
              <td>{invoice.date ? formatDate(invoice.date, tag) : ''}</td>
              <td>{invoice.number}</td>
              <td className="number">{formatPrice(invoice.total.amountMinor, invoice.total.currency, tag)}</td>
              <td>
                <span className={`badge ${invoice.paid ? 'state-paid' : 'state-unpaid'}`}>
                  {t(
                    invoice.paid
                      ? 'business.invoices.paid'
                      : invoice.void
                        ? 'business.invoices.void'
                        : 'business.invoices.unpaid',
                  )}
                </span>
              </td>
              <td>
                <a
                  href={`/account/business/invoices/${encodeURIComponent(invoice.id)}`}
                  download
                  aria-label={t('business.invoices.downloadLabel', { number: invoice.number })}
                >
                  {t('business.invoices.download')}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
