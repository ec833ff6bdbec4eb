import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ProductRow } from '~/components/cards/ProductRow';
import { CountdownText } from '~/components/common/CountdownText';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { promotionsOrderOf, promotionsPage } from '~/data/promotions.server';
import { formatDate } from '~/i18n/format';
import { serverT } from '~/i18n/server-t.server';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';
import { PRICES_SHARED_SECONDS, sharedCache } from '~/site/cache-headers';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, params.locale);
  return {
    title: serverT(context.language).t('promotions.title'),
    ...(await promotionsPage(context, promotionsOrderOf(new URL(request.url)))),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title ?? 'Promotions');

/** {locale}/promotions: running promotions with their countdowns (spec §2.2, §4). */
export default function Promotions() {
  const data = useLoaderData<typeof loader>();
  const { t, tag, route } = useSite();
  return (
    <main id="main">
      <h1>{data.title}</h1>
      <p>{t('promotions.intro')}</p>
      <nav className="sort-links" aria-label={t('promotions.title')}>
        {(['ending-soon', 'newest'] as const).map((order) =>
          order === data.order ? (
            <span key={order} aria-current="true">
              {t(order === 'newest' ? 'promotions.newest' : 'promotions.endingSoon')}
            </span>
          ) : (
            <a key={order} href={`?sort=${order}`}>
              {t(order === 'newest' ? 'promotions.newest' : 'promotions.endingSoon')}
            </a>
          ),
        )}
      </nav>
      {!data.available ? (
        <p className="notice">{t('promotions.unavailable')}</p>
      ) : data.promotions.length === 0 ? (
        <p className="notice">{t('promotions.empty')}</p>
      ) : null}
      {data.promotions.length > 0 ? (
        <ul className="promotion-list">
          {data.promotions.map((p) => (
            <li key={p.id} className="banner">
              <h2>
                {p.href ? (
                  <a href={p.href} rel="nofollow sponsored noopener">
                    {p.title}
                  </a>
                ) : (
                  p.title
                )}
              </h2>
              <p className="muted">{p.shop}</p>
              {p.description ? <p>{p.description}</p> : null}
              {p.code ? (
                <p>
                  <code>{p.code}</code>
                </p>
              ) : null}
              {p.startsAt && Date.parse(p.startsAt) > data.renderedAt ? (
                <p>{t('promotions.startsOn', { date: formatDate(p.startsAt, tag) })}</p>
              ) : null}
              {p.endsAt ? (
                <p>
                  <CountdownText endsAt={p.endsAt} renderedAt={data.renderedAt} />{' '}
                  <span className="muted">({t('promotions.endsOn', { date: formatDate(p.endsAt, tag) })})</span>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {data.drops.length > 0 ? (
        <>
          <ProductRow id="price-drops" title={t('promotions.priceDrops')} products={data.drops} />
          <p>
            <Link to={route('deals')}>{t('deals.seeAll')}</Link>
          </p>
        </>
      ) : null}
    </main>
  );
}

export const headers = sharedCache(PRICES_SHARED_SECONDS, []);

export const ErrorBoundary = RouteErrorBoundary;
