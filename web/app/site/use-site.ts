import { useRouteLoaderData } from '@remix-run/react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { routePath, type RouteName } from '~/routing/route-path';
import type { RootData } from './root-data.server';

type Query = Readonly<Record<string, string | number | undefined>>;

/** The page's locale, language, formatting tag, user and the route helper bound to them. */
export function useSite() {
  const data = useRouteLoaderData('root') as RootData | undefined;
  if (!data) throw new Error('useSite outside the root route');
  const { t } = useTranslation();
  const route = useCallback(
    (name: RouteName, params?: Readonly<Record<string, string>>, query?: Query) =>
      routePath(name, { locale: data.locale.id, language: data.language }, params, query),
    [data.locale.id, data.language],
  );
  return useMemo(() => ({ ...data, t, route }), [data, t, route]);
}

export type Site = ReturnType<typeof useSite>;
