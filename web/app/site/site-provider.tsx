import { createContext, useMemo, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { cachedT } from '~/i18n/cached-t';
import { i18nFor } from '~/i18n/i18n';
import { routePath, type RouteName } from '~/routing/route-path';
import type { RootData } from './root-data.server';
import { useChromeUser } from './use-chrome-user';

type Query = Readonly<Record<string, string | number | undefined>>;

export interface Site extends RootData {
  readonly t: TFunction;
  readonly route: (name: RouteName, params?: Readonly<Record<string, string>>, query?: Query) => string;
}

export const SiteContext = createContext<Site | null>(null);

/**
 * The page's locale, language, user (as rendered, or fetched for a page from the shared cache),
 * translation function and route helper, built once per root data and read by every component with one context lookup (a translation hook per
 * component cost a quarter of the server render's CPU).
 */
export function SiteProvider({ data, children }: { data: RootData; children: ReactNode }) {
  const user = useChromeUser(data.user);
  const site = useMemo<Site>(() => {
    const t = cachedT(data.language, i18nFor(data.language).getFixedT(data.language));
    const context = { locale: data.locale.id, language: data.language };
    return { ...data, user, t, route: (name, params, query) => routePath(name, context, params, query) };
  }, [data, user]);
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}
