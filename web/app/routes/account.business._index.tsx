import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import type { FormResult } from '~/auth/page-forms';
import { requireBusinessUser } from '~/business/business-user.server';
import { businessDashboard } from '~/business/dashboard.server';
import { dashboardForms } from '~/business/dashboard-forms.server';
import { dashboardNotice } from '~/business/notices.server';
import { DeleteAccountForm } from '~/components/account/AccountForms';
import { AccountLayout, AccountSection } from '~/components/account/AccountLayout';
import { CardPanel, InvoiceTable, SubscriptionPanel } from '~/components/business/BillingPanels';
import { ContinueLink } from '~/components/business/ContinueLink';
import { ShopTable } from '~/components/business/ShopTable';
import { FormNotice } from '~/components/forms/FormNotice';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { pageFormAction } from '~/data/form-action.server';
import { formPageData } from '~/data/form-page.server';
import { required } from '~/data/load.server';
import { serverT } from '~/i18n/server-t.server';
import { privatePage } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';
import businessStyles from '~/styles/business.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: businessStyles }];

/**
 * /account/business: the business dashboard (spec §2.2, §2.8) — shops with their stage and
 * clicks, the subscription, the card, invoices, deleting the account. Sign-in and a business
 * account required; the notices of the card flow's redirects (`?card=…`, `?payment=…`).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = siteContext(request, undefined);
  const user = await requireBusinessUser(request);
  const dashboard = await required(businessDashboard(user));
  return formPageData(request, {
    title: serverT(context.language).t('business.title'),
    notice: dashboardNotice(new URL(request.url)),
    ...dashboard,
  });
}

export const action = (args: ActionFunctionArgs) => pageFormAction(args, dashboardForms);

export const headers = privatePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Business'),
  { name: 'robots', content: 'noindex' },
];

/** The answer of a shop row's subscribe form (or cancelling): said once above the shops; 3-D Secure leads on to the bank. */
function SubscriptionAnswer({ result }: { result: FormResult | undefined }) {
  const { t } = useSite();
  if (result?.intent !== 'subscribe' && result?.intent !== 'cancel') return null;
  const bank = result.done?.values?.url;
  return (
    <>
      <FormNotice error={result.error} done={result.done} />
      {typeof bank === 'string' ? <ContinueLink href={bank}>{t('business.payment.authenticate')}</ContinueLink> : null}
    </>
  );
}

export default function BusinessDashboard() {
  const { title, notice, shops, subscription, card, invoices, plans } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const { t } = useSite();
  return (
    <AccountLayout title={title}>
      <div className="business">
        {result === undefined ? <FormNotice error={notice.error} done={notice.done} /> : null}
        <SubscriptionAnswer result={result} />
        <AccountSection id="shops" title={t('business.shops.title')}>
          <p>
            <Link className="button primary" to="/account/business/shops/new">
              {t('business.shops.register')}
            </Link>
          </p>
          <ShopTable
            shops={shops}
            plans={plans}
            unpaidShopIds={
              subscription?.status === 'unpaid' || subscription?.status === 'pastDue' ? subscription.shopIds : []
            }
          />
        </AccountSection>
        <AccountSection id="subscription" title={t('business.subscription.title')}>
          <SubscriptionPanel subscription={subscription} plans={plans} />
        </AccountSection>
        <AccountSection id="card" title={t('business.card.title')}>
          <CardPanel card={card} answer={result} />
        </AccountSection>
        <AccountSection id="invoices" title={t('business.invoices.title')}>
          <InvoiceTable invoices={invoices} />
        </AccountSection>
        <AccountSection id="delete-account" title={t('business.deleteAccount.title')}>
          <DeleteAccountForm warning="business.deleteAccount.warning" />
        </AccountSection>
      </div>
    </AccountLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
