import { data as withHeaders, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Breadcrumbs } from '~/components/layout/Breadcrumbs';
import { FilteredProducts } from '~/components/lists/FilteredProducts';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { countryName } from '~/components/lists/country-names';
import { ShopReviewsSection } from '~/components/shop-reviews/ShopReviewsSection';
import { Rating } from '~/components/common/Rating';
import { shopPage } from '~/data/entity-pages.server';
import { formatDate } from '~/i18n/format';
import { REVIEW_PARAMS } from '~/shop-reviews/review-query';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';
import { LIST_FILTER_READS } from '~/search/spec-ranges';
import { cacheTags, CATEGORY_NAMES_TAG, listingTags, PRICES_SHARED_SECONDS, sharedCache } from '~/site/cache-headers';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await shopPage(siteContext(request, params.locale), params.shop ?? '', new URL(request.url));
  // Rendered again in the micro-cache when the shop changes, and dropped when it is deleted (ADR
  // 082), or when search lists one of its products differently (ADR 084). A review written or
  // deleted changes the shop's rating, so offers emits ShopChanged and every stored variant of the
  // page (a page and an order of its reviews) is rendered again with it; an owner's reply changes
  // no rating and reaches stored copies as they expire. A category its filters name changing
  // renders it again too (ADR 131). The cards' shop prices (ADR 139) change with the products'
  // offers: OfferChanged names the product.
  return withHeaders(page, {
    headers: cacheTags(
      `shop:${page.shop.id}`,
      CATEGORY_NAMES_TAG,
      ...listingTags(page.products.hits),
      ...page.products.hits.map((product) => `product:${product.id}`),
    ),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.shop.name ?? 'Shop', data?.shop.description || undefined);

/**
 * {locale}/shops/{id}: a shop's directory entry with its visitors' rating, the products it offers
 * (spec §2.2), filtered by category, brand, specifications and stock as on a category page (ADR
 * 122), and its reviews (ADR 119).
 */
export default function ShopPage() {
  const { shop, products, prices, filters, reviews, notice } = useLoaderData<typeof loader>();
  const site = useSite();
  const { t, route, tag } = site;
  const rating = reviews?.rating ?? shop.rating;
  // Sorting the products keeps the filters and what a change of filters keeps but the sort: the
  // reviews' page and order.
  const keep = filters.kept.filter(([name]) => name !== 'sort');
  return (
    <main id="main">
      <Breadcrumbs
        trail={[
          { name: t('nav.shops'), href: route('shops') },
          { name: shop.name, href: shop.route },
        ]}
      />
      <header className="entity-header">
        <img src={shop.favicon ?? '/img/placeholder/shop.svg'} alt="" width={64} height={64} />
        <div>
          <h1>{shop.name}</h1>
          {shop.description ? <p>{shop.description}</p> : null}
          <ul className="facts">
            {shop.url ? (
              <li>
                <a href={shop.url} rel="noopener nofollow">
                  {shop.domain}
                </a>
              </li>
            ) : null}
            {shop.countries.length > 0 ? (
              <li>
                {t('lists.countries')}: {shop.countries.map((c) => countryName(site, c)).join(', ')}
              </li>
            ) : null}
            {rating ? (
              <li>
                <a href="#reviews" className="shop-rating-link">
                  <Rating rating={rating} />
                </a>
              </li>
            ) : null}
            {shop.confirmed ? <li>✓ {t('lists.confirmed')}</li> : null}
            {shop.registered_at ? (
              <li>{t('lists.registered', { date: formatDate(shop.registered_at, tag) })}</li>
            ) : null}
          </ul>
        </div>
      </header>
      <FilteredProducts
        id="shop-products"
        title={t('lists.productsAt', { name: shop.name })}
        list={products}
        filters={filters}
        keep={keep}
        // The cards show the shop's own price (ADR 139); the price range and the cheapest sort
        // go by the lowest across shops, as search lists the products (ADR 134).
        shopPriceOf={(product) => ({ shop: shop.name, price: prices?.[product.id] ?? null, known: prices !== null })}
        note={filters.price || products.meta.sortOptions.length > 1 ? t('shopPrices.filterNote') : undefined}
      />
      <ShopReviewsSection shop={shop} reviews={reviews} rating={rating} notice={notice} />
    </main>
  );
}

export const headers = sharedCache(PRICES_SHARED_SECONDS, [
  'page',
  'sort',
  ...LIST_FILTER_READS,
  REVIEW_PARAMS.page,
  REVIEW_PARAMS.sort,
  REVIEW_PARAMS.notice,
]);

export const ErrorBoundary = RouteErrorBoundary;
