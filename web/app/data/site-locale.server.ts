import type { ApiLocale } from '~/api/http/api-locale.server';
import type { SiteContext } from '~/site/site-context.server';

/**
 * The API mappers' locale for a page: the locale's id, country and currency, with the
 * interface language for texts (an Italian interface on en-ch reads Italian product names).
 */
export function apiLocaleOf(context: SiteContext): ApiLocale {
  return {
    id: context.locale.id,
    language: context.language,
    country: context.locale.country.toUpperCase(),
    currency: context.currency,
  };
}
