import { useRouteLoaderData } from '@remix-run/react';
import { isLanguage, translator, type Language, type Translate } from './languages';

/** The page's language, from the root loader. */
export function useLanguage(): Language {
  const root = useRouteLoaderData('root') as { language?: string } | undefined;
  return isLanguage(root?.language) ? root.language : 'en';
}

export function useT(): Translate {
  return translator(useLanguage());
}
