import { data as withHeaders, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { DealDrop } from '~/components/cards/DealDrop';
import { ProductCard } from '~/components/cards/ProductCard';
import { useCount } from '~/components/common/Count';
import { Pagination } from '~/components/common/Pagination';
import { usePageHref } from '~/components/lists/use-page-href';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { dealsPage, dealsRedirect } from '~/data/deals.server';
import { serverT } from '~/i18n/server-t.server';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';
import { cacheTags, CATEGORY_NAMES_TAG, listingTags, PRICES_SHARED_SECONDS, sharedCache } from '~/site/cache-headers';

/**
 * {locale}/deals (de: preissturz, fr: bons-plans; ADR 142): products at least 10 % below their
 * 30-day average lowest price, biggest drop first, narrowed by category chips, paged.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, params.locale);
  const url = new URL(request.url);
  const elsewhere = dealsRedirect(context, url);
  if (elsewhere) throw redirect(elsewhere, 301);
  const page = await dealsPage(context, url);
  const { t } = serverT(context.language);
  const figures = { min: page.minDrop, days: page.referenceDays };
  return withHeaders(
    { ...page, title: t('deals.title'), description: t('deals.description', figures) },
    // Rendered again when search lists a shown product differently (its new price or drop,
    // ADR 084) or a category the chips name changes (ADR 131).
    { headers: cacheTags(CATEGORY_NAMES_TAG, ...listingTags(page.deals)) },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        ...pageMeta(data.title, data.description),
        { tagName: 'link', rel: 'canonical', href: data.canonical },
        ...data.alternates.map((alternate) => ({
          tagName: 'link',
          rel: 'alternate',
          hrefLang: alternate.hrefLang,
          href: alternate.href,
        })),
      ]
    : pageMeta('Deals');

export default function Deals() {
  const data = useLoaderData<typeof loader>();
  const { t } = useSite();
  const count = useCount();
  const hrefFor = usePageHref();
  const figures = { min: data.minDrop, days: data.referenceDays };
  return (
    <main id="main">
      <h1>{data.title}</h1>
      <p>{t('deals.intro', figures)}</p>
      {data.chips.length > 0 ? (
        <nav aria-label={t('deals.categories')}>
          <ul className="chips">
            <li>
              {data.category === null ? (
                <span className="chip" aria-current="page">
                  {t('deals.allCategories')}
                </span>
              ) : (
                <Link to={data.allHref}>{t('deals.allCategories')}</Link>
              )}
            </li>
            {data.chips.map((chip) => (
              <li key={chip.id}>
                {chip.selected ? (
                  <span className="chip" aria-current="page">
                    {chip.name} ({chip.count})
                  </span>
                ) : (
                  <Link to={chip.href}>
                    {chip.name} ({chip.count})
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <section aria-labelledby="deals-heading">
        <div className="section-head">
          <h2 id="deals-heading">{t('deals.listTitle')}</h2>
          <span className="muted">{count('counts.products', data.meta.total)}</span>
        </div>
        {data.deals.length === 0 ? (
          <p className="notice">
            {t('deals.empty', figures)}{' '}
            {data.category !== null ? <Link to={data.allHref}>{t('deals.allCategories')}</Link> : null}
          </p>
        ) : (
          <ul className="product-grid">
            {data.deals.map((deal, i) => (
              <li key={deal.id} className="deal">
                <ProductCard product={deal} eager={i < 4} />
                <DealDrop percent={deal.dropPercent} days={data.referenceDays} />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={data.meta.page} pages={data.meta.pages} hrefFor={hrefFor} />
      </section>
    </main>
  );
}

export const headers = sharedCache(PRICES_SHARED_SECONDS, ['page', 'category']);

export const ErrorBoundary = RouteErrorBoundary;
