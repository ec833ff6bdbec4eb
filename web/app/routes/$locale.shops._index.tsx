import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { EntityListView } from '~/components/lists/EntityListView';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { entityListLoader } from '~/data/entity-list-loader.server';
import { pageMeta } from '~/site/meta';
import { CATALOG_SHARED_SECONDS, LIST_PAGE_READS, sharedCache } from '~/site/cache-headers';

/** {locale}/shops: every listed shops, filtered by name, paged (spec §2.2, §9). */
export const loader = entityListLoader('shops');

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title ?? 'Shops');

export default function ShopsList() {
  const data = useLoaderData<typeof loader>();
  return <EntityListView {...data} countKey="counts.offers" />;
}

export const headers = sharedCache(CATALOG_SHARED_SECONDS, LIST_PAGE_READS);

export const ErrorBoundary = RouteErrorBoundary;
