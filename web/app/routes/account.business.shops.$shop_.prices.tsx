import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { pageCsrf } from '~/auth/csrf.server';
import { requireBusinessUser } from '~/business/business-user.server';
import { AccountLayout } from '~/components/account/AccountLayout';
import { PriceStandingReport } from '~/components/business/PriceStandingReport';
import { SelectField } from '~/components/business/SelectField';
import { shopSettingsPath } from '~/components/clicks/click-report-paths';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { pageFormAction } from '~/data/form-action.server';
import { required } from '~/data/load.server';
import { logoutPageForm } from '~/data/logout-form.server';
import { parseStandingCountry } from '~/data/price-standing-country';
import { priceStanding } from '~/data/price-standing.server';
import { serverT } from '~/i18n/server-t.server';
import { ownShops } from '~/services/offers.server';
import { privatePage } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';
import businessStyles from '~/styles/business.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: businessStyles }];

/**
 * /account/business/shops/{shop}/prices?country=XX&page=…: where the owner's shop's prices stand
 * against the other shops' (ADR 144) — how many of its products it is the cheapest of, within 5 %
 * of the cheapest and more than 5 % above, and the products another shop is cheaper at, the
 * biggest gap first, with that shop named, paged, and their CSV. A country the shop sells in from
 * a GET form, so it works without JavaScript. Another account's shop does not exist here (404),
 * as in shop settings; offers checks the owner again. A country the shop does not sell in is a
 * 400 whose form names the field.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, undefined);
  const user = await requireBusinessUser(request);
  const shop = await required(ownShops.get(user.id, params.shop ?? ''));
  const query = new URL(request.url).searchParams;
  const country = parseStandingCountry(query.get('country'), shop.countries);
  const pageToken = query.get('page') ?? '';
  const standing =
    country === null
      ? null
      : await required(priceStanding(user.id, shop.id, { country, language: context.language, pageToken }));
  const { token, setCookie } = pageCsrf(request);
  return data(
    {
      title: serverT(context.language).t('priceStanding.title', { name: shop.name }),
      shop: { id: shop.id, name: shop.name },
      countries: [...shop.countries].sort(),
      country: standing?.country ?? '',
      errors: country === null ? { country: 'priceStanding.errors.country' } : {},
      standing,
      firstPage: !pageToken,
      csrf: token,
    },
    {
      status: country === null ? 400 : 200,
      headers: { 'Set-Cookie': setCookie, 'Cache-Control': 'private, no-store' },
    },
  );
}

/** The account pages' logout button. */
export const action = (args: ActionFunctionArgs) => pageFormAction(args, { logout: logoutPageForm });

export const headers = privatePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Price standing'),
  { name: 'robots', content: 'noindex' },
];

export default function ShopPriceStanding() {
  const { title, shop, countries, country, errors, standing, firstPage } = useLoaderData<typeof loader>();
  const { t, tag } = useSite();
  const countryName = new Intl.DisplayNames([tag], { type: 'region' });
  return (
    <AccountLayout title={title}>
      <div className="business price-standing" data-shop={shop.id}>
        <p>
          <Link to={shopSettingsPath(shop.id, 'clicks')}>{t('priceStanding.back')}</Link>
        </p>
        <p className="muted">{t('priceStanding.intro')}</p>
        {countries.length > 1 || errors.country ? (
          <form method="get" className="inline-form price-standing-form">
            <SelectField
              name="country"
              label={t('priceStanding.country')}
              idPrefix="standing"
              defaultValue={country}
              error={errors.country}
              options={countries.map((value) => ({ value, label: countryName.of(value) ?? value }))}
            />
            <button type="submit">{t('priceStanding.show')}</button>
          </form>
        ) : null}
        {standing ? <PriceStandingReport shopId={shop.id} standing={standing} firstPage={firstPage} /> : null}
      </div>
    </AccountLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
