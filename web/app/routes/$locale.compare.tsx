import { data as withHeaders, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useCount } from '~/components/common/Count';
import { CompareProblemNotice } from '~/components/compare/CompareProblemNotice';
import { CompareTable } from '~/components/compare/CompareTable';
import { Breadcrumbs } from '~/components/layout/Breadcrumbs';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { COMPARE_DIFF_PARAM, COMPARE_PRODUCTS_PARAM, compareHref } from '~/compare/compare-link';
import { comparePage } from '~/data/compare-page.server';
import { cacheTags, PRICES_SHARED_SECONDS, sharedCache } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await comparePage(siteContext(request, params.locale), new URL(request.url));
  // Too many products or a list that names none is a link to correct (400, explained); too few
  // is where picking starts (200).
  const status = page.problem === 'too-many' || page.problem === 'malformed' ? 400 : 200;
  // Rendered again in the micro-cache when one of the products, its offers or its prices change.
  return withHeaders(page, { status, headers: cacheTags(...page.products.map((product) => `product:${product.id}`)) });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Compare products'),
  // A comparison is a combination of product pages, not a page of its own for search engines.
  { name: 'robots', content: 'noindex' },
];

/** {locale}/compare?products=id1,id2,…: two to four products side by side (ADR 116). */
export default function ComparePage() {
  const data = useLoaderData<typeof loader>();
  const { t, route } = useSite();
  const count = useCount();
  const here = compareHref(
    route('compare'),
    data.products.map((product) => product.id),
    data.onlyDifferences,
  );
  return (
    <main id="main" className="compare-page">
      <Breadcrumbs trail={[{ name: t('compare.title'), href: here }]} />
      <h1>{t('compare.title')}</h1>
      {data.unknown > 0 ? <p className="notice">{count('compare.unknown', data.unknown)}</p> : null}
      {data.problem ? (
        <CompareProblemNotice problem={data.problem} firstIds={data.firstIds} />
      ) : (
        <CompareTable data={data} />
      )}
    </main>
  );
}

export const headers = sharedCache(PRICES_SHARED_SECONDS, [COMPARE_PRODUCTS_PARAM, COMPARE_DIFF_PARAM]);

export const ErrorBoundary = RouteErrorBoundary;
