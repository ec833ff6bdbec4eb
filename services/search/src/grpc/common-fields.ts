import type { SearchLanguage } from '@pc/kit/ports/search-index';
import { SEARCH_LANGUAGES } from '@pc/kit/ports/search-index';
import { resolvePage, type Page, type PageInput } from '@pc/kit/paging/page';
import { DEFAULT_COUNTRY, SERVED_COUNTRIES, servedCountry, type Country } from '../domain/countries.js';
import { FALLBACK_LANGUAGE, searchLanguage } from '../domain/languages.js';
import type { Violations } from './violations.js';

/** Spec §2.6 / §9: the site search accepts at most 512 characters. */
export const MAX_QUERY_LENGTH = 512;
/** Like Elasticsearch's max_result_window: deeper pages are refused (proto: page beyond 10,000 results). */
export const MAX_RESULT_WINDOW = 10_000;

export function queryText(violations: Violations, field: string, value: string): string {
  if (value.length > MAX_QUERY_LENGTH)
    violations.add(field, `must be at most ${MAX_QUERY_LENGTH} characters`, 'max', { max: String(MAX_QUERY_LENGTH) });
  return value.trim();
}

/** The request language; empty means English (spec §1 fallback). */
export function language(violations: Violations, value: string): SearchLanguage {
  if (!value) return FALLBACK_LANGUAGE;
  const parsed = searchLanguage(value);
  if (parsed === null)
    violations.add('language', `must be one of ${SEARCH_LANGUAGES.join(', ')}`, 'in', {
      values: SEARCH_LANGUAGES.join(','),
    });
  return parsed ?? FALLBACK_LANGUAGE;
}

/** A served country (any case); empty gives `fallback` (the default locale's country, or none). */
export function country(
  violations: Violations,
  field: string,
  value: string,
  fallback: Country | null = DEFAULT_COUNTRY,
): Country | null {
  if (!value) return fallback;
  const parsed = servedCountry(value);
  if (parsed === null) {
    const reason = /^[A-Za-z]{2}$/.test(value)
      ? `is not a served country (${SERVED_COUNTRIES.join(', ')})`
      : 'must be an ISO 3166-1 alpha-2 code';
    violations.add(field, reason, 'in', { values: SERVED_COUNTRIES.join(',') });
  }
  return parsed;
}

/** Page and page size (defaults per call, at most 100), no deeper than MAX_RESULT_WINDOW. */
export function page(violations: Violations, input: PageInput | undefined, defaultSize: number): Page {
  const resolved = violations.collect(() => resolvePage(input, { defaultSize, maxSize: 100 }));
  if (resolved && resolved.page * resolved.hitsPerPage > MAX_RESULT_WINDOW) {
    violations.add('page.page', `page × hits_per_page must be at most ${MAX_RESULT_WINDOW}`, 'max', {
      max: String(MAX_RESULT_WINDOW),
    });
  }
  return resolved ?? { page: 1, hitsPerPage: defaultSize, skip: 0 };
}
