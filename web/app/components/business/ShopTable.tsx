import { Link } from '@remix-run/react';
import { subscribeForm } from '~/business/forms';
import { isSubscribable } from '~/business/shop-stage';
import type { DashboardShop } from '~/business/dashboard.server';
import { PageForm } from '~/components/forms/PageForm';
import { formatNumber, formatPrice } from '~/i18n/format';
import type { PlanView } from '~/services/billing.server';
import { useSite } from '~/site/use-site';
import { FeedsFailingWarning } from './FeedsFailingWarning';
import { SelectField } from './SelectField';

/** The plan picker's words: "CHF 49.00 per shop and month". */
export function planLabel(
  plan: PlanView,
  t: (key: string, values?: Record<string, string>) => string,
  tag: string,
): string {
  return t(`business.plans.${plan.interval}`, { price: formatPrice(plan.price.amountMinor, plan.price.currency, tag) });
}

/** Starting the subscription for one shop: the plan, then billing charges the card on file (or asks for 3-D Secure). */
function SubscribeForm({ shop, plans }: { shop: DashboardShop; plans: readonly PlanView[] }) {
  const { t, tag } = useSite();
  return (
    <PageForm
      schema={subscribeForm}
      intent="subscribe"
      className="inline-form"
      submit={t('business.shops.subscribe')}
      submitLabel={t('business.shops.subscribeFor', { name: shop.name })}
      showResult={false}
      hidden={{ shop_id: shop.id }}
    >
      {(errors) => (
        <SelectField
          idPrefix={`subscribe-${shop.id}`}
          name="plan_id"
          label={t('business.shops.plan')}
          error={errors.plan_id}
          options={plans.map((plan) => ({ value: plan.id, label: planLabel(plan, t, tag) }))}
        />
      )}
    </PageForm>
  );
}

/** The owner's shops (spec §2.2, §3 Shop): stage, confirmed or not, failing feeds, clicks today and this month; "no shops registered yet". */
export function ShopTable({
  shops,
  plans,
  unpaidShopIds = [],
}: {
  shops: readonly DashboardShop[];
  plans: readonly PlanView[];
  /** Shops an unpaid (or past due) subscription still covers: a new card pays for them, not a new subscription. */
  unpaidShopIds?: readonly string[];
}) {
  const { t, tag } = useSite();
  if (shops.length === 0) return <p className="empty-state">{t('business.shops.empty')}</p>;
  const clicks = (value: number | undefined) =>
    value === undefined ? t('business.shops.clicksUnavailable') : formatNumber(value, tag);
  return (
    <div className="table-scroll">
      <table className="business-table">
        <thead>
          <tr>
            <th scope="col">{t('business.shops.name')}</th>
            <th scope="col">{t('business.shops.stage')}</th>
            <th scope="col">{t('business.shops.clicksToday')}</th>
            <th scope="col">{t('business.shops.clicksMonth')}</th>
            <th scope="col">{t('business.shops.settings')}</th>
          </tr>
        </thead>
        <tbody>
          {shops.map((shop) => (
            <tr key={shop.id} data-shop={shop.id} data-stage={shop.stage}>
              <th scope="row">
                {shop.name}
                <span className="muted block">{shop.domain}</span>
              </th>
              <td>
                <strong className={`stage stage-${shop.stage}`}>{t(`business.shops.stages.${shop.stage}`)}</strong>
                <span className="badge">
                  {shop.confirmed ? t('business.shops.confirmed') : t('business.shops.notConfirmed')}
                </span>
                <span className="muted block">{t(`business.shops.hints.${shop.stage}`)}</span>
                <FeedsFailingWarning shop={shop} />
                {isSubscribable(shop.stage, unpaidShopIds.includes(shop.id)) && plans.length > 0 ? (
                  <SubscribeForm shop={shop} plans={plans} />
                ) : null}
              </td>
              <td className="number">{clicks(shop.clicks?.today)}</td>
              <td className="number">{clicks(shop.clicks?.thisMonth)}</td>
              <td>
                <Link
                  to={`/account/business/shops/${encodeURIComponent(shop.id)}`}
                  aria-label={t('business.shops.settingsOf', { name: shop.name })}
                >
                  {t('business.shops.settings')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
