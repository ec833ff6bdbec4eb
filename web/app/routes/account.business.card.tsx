import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { cardFlowReturn } from '~/business/card-return.server';
import { AccountLayout } from '~/components/account/AccountLayout';
import { ContinueLink } from '~/components/business/ContinueLink';
import { FormNotice } from '~/components/forms/FormNotice';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
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
 * /account/business/card and /account/business/payment (payment.tsx): where the provider's card
 * page and the bank's 3-D Secure page send the browser back. The outcome is said on the
 * dashboard; only a payment that needs the bank (again) stays here, with the way on.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = siteContext(request, undefined);
  const outcome = await required(cardFlowReturn(request));
  if (outcome instanceof Response) return outcome;
  return formPageData(request, { title: serverT(context.language).t('business.card.title'), message: outcome });
}

export const headers = privatePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Card'),
  { name: 'robots', content: 'noindex' },
];

export default function CardFlowReturn() {
  const { title, message } = useLoaderData<typeof loader>();
  const { t } = useSite();
  const bank = message.values?.url;
  return (
    <AccountLayout title={title}>
      <FormNotice done={message} />
      {typeof bank === 'string' ? <ContinueLink href={bank}>{t('business.payment.authenticate')}</ContinueLink> : null}
      <p>
        <Link to="/account/business">{t('business.back')}</Link>
      </p>
    </AccountLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
