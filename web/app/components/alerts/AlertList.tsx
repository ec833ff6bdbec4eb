import { Link } from '@remix-run/react';
import { alertIdForm, rearmAlertForm } from '~/alerts/forms';
import { Price } from '~/components/common/Price';
import { PageForm } from '~/components/forms/PageForm';
import type { AlertView } from '~/data/alerts.server';
import { formatDate, formatPrice } from '~/i18n/format';
import { useSite } from '~/site/use-site';

/** What the alert waits for, in words. */
function useCondition() {
  const { t, tag } = useSite();
  return (alert: AlertView): string => {
    if (alert.kind === 'target_price' && alert.target_price)
      return t('alerts.conditions.target_price', {
        price: formatPrice(alert.target_price.amount, alert.target_price.currency, tag),
      });
    if (alert.kind === 'percentage_drop') {
      const reference = alert.reference_price
        ? formatPrice(alert.reference_price.amount, alert.reference_price.currency, tag)
        : '—';
      return t('alerts.conditions.percentage_drop', { percent: alert.drop_percent ?? 0, price: reference });
    }
    return t('alerts.conditions.back_in_stock');
  };
}

/** The user's alerts: product, condition, country, state, the price now; re-arm and delete. */
export function AlertList({ alerts }: { alerts: readonly AlertView[] }) {
  const { t, tag } = useSite();
  const condition = useCondition();
  if (alerts.length === 0) return <p>{t('alerts.empty')}</p>;
  return (
    <ul className="alert-list">
      {alerts.map((alert) => {
        const name = alert.product?.name ?? alert.product_id;
        return (
          <li key={alert.id} className="alert-row" data-state={alert.state}>
            <div>
              {alert.product ? <Link to={alert.product.route}>{name}</Link> : <span>{name}</span>}
              <p>
                {condition(alert)} · {t(`region.countries.${alert.country.toLowerCase()}`)} ·{' '}
                <span className={`badge state-${alert.state}`}>{t(`alerts.states.${alert.state}`)}</span>
              </p>
              <p className="muted">
                {alert.last_price ? (
                  <>
                    {t('alerts.currentPrice')}{' '}
                    <Price amount={alert.last_price.amount} currency={alert.last_price.currency} />
                  </>
                ) : null}
                {alert.last_fired_at
                  ? ` · ${t('alerts.firedAt', { date: formatDate(alert.last_fired_at, tag) })}`
                  : null}
              </p>
            </div>
            <div className="row-actions">
              {alert.state !== 'armed' ? (
                <PageForm
                  schema={rearmAlertForm}
                  intent="rearm"
                  submit={t('alerts.rearm')}
                  submitLabel={t('alerts.rearmProduct', { name })}
                  submitClassName=""
                  className="inline-form"
                  showResult={false}
                  hidden={{ alert_id: alert.id, version: alert.version }}
                />
              ) : null}
              <PageForm
                schema={alertIdForm}
                intent="delete"
                submit={t('alerts.delete')}
                submitLabel={t('alerts.deleteProduct', { name })}
                submitClassName="danger"
                className="inline-form"
                showResult={false}
                hidden={{ alert_id: alert.id }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
