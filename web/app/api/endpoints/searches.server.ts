import { z } from 'zod';
import { parseLocale } from '~/i18n/locales';
import { INTERFACE_LANGUAGES } from '~/i18n/regions';
import { search } from '~/services/search.server';
import { interfaceLanguage } from '~/site/site-context.server';
import { clientInfo } from '~/services/accounts.server';
import { jsonBody, privateJson, type ActionCall } from '../http/api-action.server';
import { apiLocale } from '../http/api-locale.server';
import { localeParam, MAX_SEARCH_LENGTH } from '../http/params.server';

const body = z.object({
  search: z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(MAX_SEARCH_LENGTH, { error: `must be at most ${MAX_SEARCH_LENGTH} characters` }),
  locale: localeParam,
  /** The interface language the results were shown in; the cookie's or the locale's when left out. */
  language: z.enum(INTERFACE_LANGUAGES, { error: `must be one of ${INTERFACE_LANGUAGES.join(', ')}` }).optional(),
});

/**
 * POST /api/searches { search, locale, language? }: a visitor's search shown with results, counted
 * for the home page's "most searched" by search.TrackSearch (ADR 103) — once a day per visitor,
 * only if it finds something, never a bot's. The page sends it from the browser, so a search
 * page served from the micro-cache counts as well and a render without a visitor (a refresh, a
 * warm-up) does not. The visitor's address and user agent go to search only to be hashed.
 */
export async function recordSearch({ request, url, context }: ActionCall): Promise<Response> {
  const input = await jsonBody(request, body);
  const locale = apiLocale(input.locale);
  const language = input.language ?? interfaceLanguage(url, request.headers.get('Cookie'), parseLocale(input.locale)!);
  const { counted } = await search.trackSearch({
    query: input.search,
    country: locale.country,
    language,
    visitorId: '',
    ...clientInfo(request, context),
  });
  return privateJson({ data: { counted } });
}
