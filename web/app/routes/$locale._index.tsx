import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { EntityGrid } from '~/components/cards/EntityGrid';
import { DealDrop } from '~/components/cards/DealDrop';
import { cardPicture } from '~/components/cards/ProductCard';
import { ProductRow } from '~/components/cards/ProductRow';
import { AdSlot } from '~/components/ads/AdSlot';
import { Banners } from '~/components/home/Banners';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { currentUser } from '~/auth/current-user.server';
import { adSlot } from '~/data/ad-slots.server';
import { homeData } from '~/data/home.server';
import { optional } from '~/data/load.server';
import { recentlyViewedIds } from '~/data/recently-viewed.server';
import { serverT } from '~/i18n/server-t.server';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const first = data?.popular?.[0];
  return [
    ...pageMeta(data?.title ?? 'pricecompare', data?.description),
    // The first popular product's picture is the page's largest content (LCP): preloaded at high
    // priority, first in the head (root.tsx), it arrives before the stylesheets instead of behind
    // the scripts, and is painted with the page's first frame.
    ...(first
      ? [{ tagName: 'link', rel: 'preload', as: 'image', href: cardPicture(first), fetchpriority: 'high' }]
      : []),
  ];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, params.locale);
  const user = await optional(currentUser(request));
  const [home, ads] = await Promise.all([
    homeData(context, await recentlyViewedIds(request, user)),
    adSlot(context, 'home'),
  ]);
  const { t } = serverT(context.language);
  return { ...home, ads, title: t('home.title'), description: t('home.description') };
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const { t, route } = useSite();
  return (
    <main id="main" className="home">
      <h1 className="visually-hidden">{data.title}</h1>
      <section className="hero" aria-labelledby="hero-heading">
        <h2 id="hero-heading">{t('home.heroTitle')}</h2>
        <p>{t('home.heroText')}</p>
      </section>
      {data.mostSearched && data.mostSearched.length > 0 ? (
        <section aria-labelledby="searched-heading">
          <h2 id="searched-heading">{t('home.mostSearched')}</h2>
          <ul className="chips">
            {data.mostSearched.map((query) => (
              <li key={query}>
                <Link to={route('search', {}, { search: query })}>{query}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <AdSlot ads={data.ads} placement="home" />
      {data.popular && data.popular.length > 0 ? (
        <ProductRow
          id="popular"
          title={t('home.popular')}
          products={data.popular}
          seeAll={route('search')}
          aboveTheFold
        />
      ) : null}
      {data.deals.length > 0 ? (
        <ProductRow
          id="deals"
          title={t('deals.title')}
          products={data.deals}
          seeAll={route('deals')}
          seeAllText={t('deals.seeAll')}
          below={(deal) => <DealDrop percent={deal.dropPercent} days={data.dealDays} />}
        />
      ) : null}
      {data.recent && data.recent.length > 0 ? (
        <ProductRow id="recent" title={t('home.recentlyViewed')} products={data.recent} />
      ) : null}
      <Banners />
      <HomeEntities
        id="categories"
        title={t('home.categories')}
        items={data.categories}
        more={route('categories')}
        countKey="counts.products"
      />
      <HomeEntities
        id="brands"
        title={t('home.brands')}
        items={data.brands}
        more={route('brands')}
        countKey="counts.products"
      />
      <HomeEntities
        id="shops"
        title={t('home.shops')}
        items={data.shops}
        more={route('shops')}
        countKey="counts.offers"
      />
    </main>
  );
}

function HomeEntities({
  id,
  title,
  items,
  more,
  countKey,
}: {
  id: string;
  title: string;
  items: Parameters<typeof EntityGrid>[0]['items'] | null;
  more: string;
  countKey: 'counts.products' | 'counts.offers';
}) {
  const { t } = useSite();
  return (
    <section aria-labelledby={`${id}-heading`}>
      <div className="section-head">
        <h2 id={`${id}-heading`}>{title}</h2>
        <Link to={more}>{t('common.seeAll')}</Link>
      </div>
      {items === null ? (
        <p className="muted">{t('common.unavailable')}</p>
      ) : items.length === 0 ? (
        <p className="muted">{t('common.noneYet')}</p>
      ) : (
        <EntityGrid items={items} countKey={countKey} />
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
