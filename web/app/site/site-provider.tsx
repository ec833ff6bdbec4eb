import { createContext, useMemo, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { i18nFor } from '~/i18n/i18n';
import { routePath, type RouteName } from '~/routing/route-path';
import type { RootData } from './root-data.server';

type Query = Readonly<Record<string, string | number | undefined>>;

export interface Site extends RootData {
  readonly t: TFunction;
  readonly route: (name: RouteName, params?: Readonly<Record<string, string>>, query?: Query) => string;
}

export const SiteContext = createContext<Site | null>(null);

const plainTexts = new Map<string, Map<string, string>>();

/**
 * `t` with the texts of keys without options remembered per language: a page asks for the same
 * few words hundreds of times (every card's "from"), and messages do not change while it runs.
 */
function cachedT(language: string, t: TFunction): TFunction {
  let texts = plainTexts.get(language);
  if (!texts) {
    texts = new Map();
    plainTexts.set(language, texts);
  }
  const known = texts;
  const cached = (key: string, options?: unknown) => {
    if (options !== undefined) return (t as (k: string, o: unknown) => string)(key, options);
    let text = known.get(key);
    if (text === undefined) {
      text = (t as (k: string) => string)(key);
      known.set(key, text);
    }
    return text;
  };
  return cached as unknown as TFunction;
}

/**
 * The page's locale, language, user, translation function and route helper, built once per
 * root data and read by every component with one context lookup (a translation hook per
 * component cost a quarter of the server render's CPU).
 */
export function SiteProvider({ data, children }: { data: RootData; children: ReactNode }) {
  const site = useMemo<Site>(() => {
    const t = cachedT(data.language, i18nFor(data.language, data.messages).getFixedT(data.language));
    const context = { locale: data.locale.id, language: data.language };
    return { ...data, t, route: (name, params, query) => routePath(name, context, params, query) };
  }, [data]);
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}
