import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import type { FormResult } from '~/auth/page-forms';
import { requireBusinessUser } from '~/business/business-user.server';
import { ownOffers } from '~/business/own-offers.server';
import { shopSettingsForms } from '~/business/shop-forms.server';
import { countryOptions } from '~/business/countries.server';
import { feedView, shopDetailsView, shopView } from '~/business/shop-view.server';
import { AccountLayout, AccountSection } from '~/components/account/AccountLayout';
import { FeedSection } from '~/components/business/FeedSection';
import { OwnOffersSection } from '~/components/business/OwnOffersSection';
import { OwnerReviewsSection } from '~/components/shop-reviews/OwnerReviewsSection';
import { DeleteShopForm, ShopDetailsForm, UrlParametersForm } from '~/components/business/ShopSettingsForms';
import { ClickStatsPanel } from '~/components/clicks/ClickStatsPanel';
import { clickReportPath } from '~/components/clicks/click-report-paths';
import { priceStandingPath } from '~/components/business/price-standing-paths';
import { FormNotice } from '~/components/forms/FormNotice';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { pageFormAction } from '~/data/form-action.server';
import { formPageData } from '~/data/form-page.server';
import { ownerClickStats } from '~/data/click-stats.server';
import { required } from '~/data/load.server';
import { ownerShopReviews } from '~/data/shop-reviews.server';
import { formatDate } from '~/i18n/format';
import { serverT } from '~/i18n/server-t.server';
import { ownShops } from '~/services/offers.server';
import { privatePage } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';
import businessStyles from '~/styles/business.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: businessStyles }];

/**
 * /account/business/shops/{shop}: shop settings (spec §2.2, §2.8) — its details (what was
 * registered, and a description), the shop's clicks (numbers,
 * a bar per day over 30 days, top products, countries), product feeds with their analyses, its
 * offers listed and not listed (ADR 115), visitors' reviews with a reply form each (ADR 119), URL
 * parameters, deleting the shop. Another owner's shop does not exist here (404):
 * offers answers it only to its owner.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, undefined);
  const user = await requireBusinessUser(request);
  const shopId = params.shop ?? '';
  const [shop, feeds] = await required(Promise.all([ownShops.get(user.id, shopId), ownShops.feeds(user.id, shopId)]));
  // The settings stay usable when affiliates or offers cannot answer: that section shows as unavailable.
  const url = new URL(request.url);
  const [clicks, offers, reviews] = await Promise.all([
    ownerClickStats(user.id, [shopId], { language: context.language, days: 30 }).then(
      ([stats]) => stats ?? null,
      (error: unknown) => {
        console.warn('shop settings: click statistics unavailable', error instanceof Error ? error.message : error);
        return null;
      },
    ),
    ownOffers(user.id, shopId, url),
    ownerShopReviews(user.id, shopId, url),
  ]);
  return formPageData(request, {
    title: serverT(context.language).t('business.shops.settingsOf', { name: shop.name }),
    shop: shopView(shop),
    details: shopDetailsView(shop),
    countries: countryOptions(context.language),
    feeds: feeds.map(feedView),
    parameters: shop.urlParameters.map(({ name, value }) => ({ name, value })),
    clicks,
    offers,
    reviews,
  });
}

export const action = (args: ActionFunctionArgs) => pageFormAction(args, shopSettingsForms(args.params.shop ?? ''));

export const headers = privatePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Shop settings'),
  { name: 'robots', content: 'noindex' },
];

/** Row forms (feeds, parameters) answer once, here, rather than at every row. */
const ROW_FORMS = new Set(['addFeed', 'updateFeed', 'deleteFeed', 'analyse', 'parameters', 'reply']);

export default function ShopSettings() {
  const { title, shop, details, countries, feeds, parameters, clicks, offers, reviews } =
    useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const { t, tag } = useSite();
  const rowResult = result?.intent && ROW_FORMS.has(result.intent) ? result : undefined;
  const fieldsOnly = rowResult?.errors && !rowResult.error ? { error: { key: 'common.failed' } } : {};
  return (
    <AccountLayout title={title}>
      <div className="business shop-settings" data-shop={shop.id} data-stage={shop.stage}>
        <p>
          <Link to="/account/business">{t('business.back')}</Link>
        </p>
        <FormNotice error={rowResult?.error ?? fieldsOnly.error} done={rowResult?.done} />
        <AccountSection id="details" title={t('business.details.title')}>
          <p>
            <strong className={`stage stage-${shop.stage}`}>{t(`business.shops.stages.${shop.stage}`)}</strong>
            <span className="badge">
              {shop.confirmed ? t('business.shops.confirmed') : t('business.shops.notConfirmed')}
            </span>
          </p>
          <p className="muted">{t(`business.shops.hints.${shop.stage}`)}</p>
          <p>
            {t('business.details.homepage')}:{' '}
            <a href={shop.homepageUrl} rel="noopener noreferrer">
              {shop.domain}
            </a>
            {shop.registeredAt
              ? ` · ${t('business.details.registeredAt', { date: formatDate(shop.registeredAt, tag) })}`
              : null}
          </p>
          <ShopDetailsForm details={details} countries={countries} />
        </AccountSection>
        <AccountSection id="clicks" title={t('clicks.title')}>
          {clicks ? <ClickStatsPanel stats={clicks} /> : <p className="muted">{t('common.unavailable')}</p>}
          <p>
            <Link to={clickReportPath(shop.id)}>{t('clickReport.fullReport')}</Link>
            {' · '}
            <Link to={priceStandingPath(shop.id)}>{t('priceStanding.link')}</Link>
          </p>
        </AccountSection>
        <AccountSection id="feeds" title={t('business.feeds.title')}>
          <FeedSection feeds={feeds} />
        </AccountSection>
        <AccountSection id="offers" title={t('business.offers.title')}>
          <OwnOffersSection offers={offers} />
        </AccountSection>
        <AccountSection id="reviews" title={t('shopReviews.owner.title')}>
          <OwnerReviewsSection reviews={reviews} shopName={shop.name} />
        </AccountSection>
        <AccountSection id="parameters" title={t('business.parameters.title')}>
          <p className="muted">{t('business.parameters.intro')}</p>
          <UrlParametersForm parameters={parameters} />
        </AccountSection>
        <AccountSection id="delete-shop" title={t('business.deleteShop.title')}>
          <DeleteShopForm />
        </AccountSection>
      </div>
    </AccountLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
