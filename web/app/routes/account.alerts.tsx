import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ALERT_COUNTRIES } from '~/alerts/forms';
import type { FormMessage, FormResult } from '~/auth/page-forms';
import { AccountLayout, AccountSection } from '~/components/account/AccountLayout';
import { AlertForm } from '~/components/alerts/AlertForm';
import { AlertList } from '~/components/alerts/AlertList';
import { FormNotice } from '~/components/forms/FormNotice';
import { PushPanel } from '~/components/push/PushPanel';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { requireUser } from '~/auth/guards.server';
import { accountAlertForms } from '~/data/account-alerts.server';
import { userAlerts } from '~/data/alerts.server';
import { pageFormAction } from '~/data/form-action.server';
import { formPageData } from '~/data/form-page.server';
import { required } from '~/data/load.server';
import { productCards } from '~/data/product-cards.server';
import { parseLocale } from '~/i18n/locales';
import { localeFor } from '~/i18n/regions';
import { serverT } from '~/i18n/server-t.server';
import { privatePage } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';
import { contextFor, siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';

const CREATED: Readonly<Record<string, FormMessage>> = {
  armed: { key: 'alerts.created' },
  fired: { key: 'alerts.firedOnCreation' },
};

/**
 * /account/alerts (sign-in required, spec §2.2): the user's price alerts; `?product={id}&country=`
 * (the product page's alarm button) opens the form for a new one, priced in that country.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = siteContext(request, undefined);
  const user = await requireUser(request);
  const url = new URL(request.url);
  const asked = url.searchParams.get('country')?.toLowerCase() ?? '';
  const country = (ALERT_COUNTRIES as readonly string[]).includes(asked) ? asked : context.locale.country;
  const productId = url.searchParams.get('product')?.slice(0, 200);
  const local = parseLocale(localeFor(country, context.language) ?? context.locale.id) ?? context.locale;
  const [product] = productId ? await required(productCards(contextFor(local, context.language), [productId])) : [];
  const { alerts } = await required(userAlerts(context, user.id));
  return formPageData(request, {
    title: serverT(context.language).t('account.alerts'),
    alerts,
    product: product ?? null,
    country,
    created: CREATED[url.searchParams.get('created') ?? ''] ?? null,
  });
}

export const action = (args: ActionFunctionArgs) => pageFormAction(args, accountAlertForms);

export const headers = privatePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Alerts'),
  { name: 'robots', content: 'noindex' },
];

export default function AccountAlerts() {
  const { title, alerts, product, country, created } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const { t } = useSite();
  // Row buttons (re-arm, delete) answer here, once, rather than at every alert.
  const rowResult = result?.intent === 'rearm' || result?.intent === 'delete' ? result : undefined;
  return (
    <AccountLayout title={title}>
      <FormNotice error={rowResult?.error} done={rowResult?.done ?? created ?? undefined} />
      {product ? <AlertForm product={product} country={country} /> : null}
      <AccountSection id="alerts" title={t('alerts.yours')}>
        <AlertList alerts={alerts} />
      </AccountSection>
      <AccountSection id="notifications" title={t('push.title')}>
        <PushPanel />
      </AccountSection>
    </AccountLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
