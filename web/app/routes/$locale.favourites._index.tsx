import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FavouritesView } from '~/components/lists/FavouritesView';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { favouritesLoader } from '~/data/favourites-loader.server';
import { privatePage } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';

export const loader = favouritesLoader('index');

export const headers = privatePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Favourites'),
  { name: 'robots', content: 'noindex' },
];

export default function Favourites() {
  return <FavouritesView {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
