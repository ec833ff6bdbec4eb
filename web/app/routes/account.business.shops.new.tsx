import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireBusinessUser } from '~/business/business-user.server';
import { countryOptions } from '~/business/countries.server';
import { registerShopForms } from '~/business/shop-forms.server';
import { AccountLayout } from '~/components/account/AccountLayout';
import { RegisterShopForm } from '~/components/business/RegisterShopForm';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { pageFormAction } from '~/data/form-action.server';
import { formPageData } from '~/data/form-page.server';
import { serverT } from '~/i18n/server-t.server';
import { privatePage } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';
import businessStyles from '~/styles/business.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: businessStyles }];

/** /account/business/shops/new: the register-shop form (spec §2.8), prefilled from the business account. */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = siteContext(request, undefined);
  const user = await requireBusinessUser(request);
  return formPageData(request, {
    title: serverT(context.language).t('business.register.title'),
    countries: countryOptions(context.language),
    email: user.email,
    company: user.company,
    phone: user.phone,
  });
}

export const action = (args: ActionFunctionArgs) => pageFormAction(args, registerShopForms);

export const headers = privatePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Register a shop'),
  { name: 'robots', content: 'noindex' },
];

export default function RegisterShop() {
  const { title, countries, email, company, phone } = useLoaderData<typeof loader>();
  const { t } = useSite();
  return (
    <AccountLayout title={title}>
      <div className="business register-shop">
        <p>
          <Link to="/account/business">{t('business.back')}</Link>
        </p>
        <p className="muted">{t('business.register.intro')}</p>
        <RegisterShopForm email={email} company={company} phone={phone} countries={countries} />
      </div>
    </AccountLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
