import { data as withHeaders, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useMemo } from 'react';
import { AdSlot } from '~/components/ads/AdSlot';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { SearchView } from '~/components/search/SearchView';
import { adSlot } from '~/data/ad-slots.server';
import { productList } from '~/data/lists.server';
import { serverT } from '~/i18n/server-t.server';
import { initialSearchState } from '~/search/search-state';
import { apiQuery, criteriaFromUrl } from '~/search/search-url';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { cacheTags, CATEGORY_NAMES_TAG, listingTags, PRICES_SHARED_SECONDS, sharedCache } from '~/site/cache-headers';

/** {locale}/search?search=…: the search page (spec §2.2, §4), server-rendered from the URL. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, params.locale);
  const criteria = criteriaFromUrl(new URL(request.url));
  const [{ data, meta }, ads] = await Promise.all([
    productList(context, Object.fromEntries(apiQuery(criteria, criteria.page, context.locale.id))),
    adSlot(context, 'search'),
  ]);
  const { t } = serverT(context.language);
  const page = {
    title: criteria.query ? t('search.titleFor', { query: criteria.query }) : t('search.title'),
    criteria,
    ads,
    result: {
      hits: data,
      total: meta.total,
      page: meta.page,
      facets: meta.facets,
      suggestions: meta.suggestions,
      sortOptions: meta.sortOptions,
      sort: meta.sort,
    },
  };
  // Rendered again in the micro-cache when search lists one of its products differently (ADR 084),
  // or a category its facet names changes (ADR 131).
  return withHeaders(page, { headers: cacheTags(CATEGORY_NAMES_TAG, ...listingTags(data)) });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Search'),
  { name: 'robots', content: 'noindex, follow' },
];

export default function SearchPage() {
  const data = useLoaderData<typeof loader>();
  const initial = useMemo(() => initialSearchState({ ...data.criteria, result: data.result }), [data]);
  return <SearchView title={data.title} initial={initial} banner={<AdSlot ads={data.ads} placement="search" />} />;
}

export const headers = sharedCache(PRICES_SHARED_SECONDS, ['search', 'sort', 'hitsPerPage', 'page', 'refinements[*]']);

export const ErrorBoundary = RouteErrorBoundary;
