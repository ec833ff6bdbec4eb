import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALE_IDS } from '~/i18n/locales';

/**
 * zod types of the API's query parameters. Every value arrives as a string; each type says in
 * its error what a caller should send instead.
 */

export const MAX_SEARCH_LENGTH = 512; // spec §2.6 / §5
export const MAX_HITS_PER_PAGE = 100;
/** Search results stop at 10,000 (search.proto); a larger page can only be a mistake. */
export const MAX_PAGE = 10_000;

export const localeParam = z
  .enum(LOCALE_IDS, { error: `must be one of ${LOCALE_IDS.join(', ')}` })
  .default(DEFAULT_LOCALE);

/** A whole number between min and max, written in decimal digits. */
export function intParam(min: number, max: number) {
  return z
    .string()
    .refine((value) => /^\d{1,9}$/.test(value), { error: 'must be a whole number', params: { rule: 'integer' } })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );
}

export const searchParam = z
  .string()
  .max(MAX_SEARCH_LENGTH, { error: `must be at most ${MAX_SEARCH_LENGTH} characters` })
  .default('');

export const pageParam = intParam(1, MAX_PAGE).default(1);

export const hitsPerPageParam = (defaultSize: number) => intParam(1, MAX_HITS_PER_PAGE).default(defaultSize);

export const booleanParam = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true, false, 1 or 0' })
  .transform((value) => value === 'true' || value === '1');

/** A name of a facet or suggester: lower case letters, digits and underscores. */
const NAME = /^[a-z][a-z0-9_]{0,39}$/;

/**
 * A comma list of names (facets, suggesters), duplicates dropped and empty items ignored;
 * `*` stands for all when allowed.
 */
export function nameListParam({ allowAll }: { allowAll: boolean }) {
  return z
    .string()
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== ''),
      ),
    ])
    .pipe(
      z
        .array(
          z.string().refine((item) => NAME.test(item) || (allowAll && item === '*'), {
            error: allowAll ? 'must list names (a-z, 0-9, _) or *' : 'must list names (a-z, 0-9, _)',
            params: { rule: 'regex' },
          }),
        )
        .max(20, { error: 'must list at most 20 names' }),
    )
    .default([]);
}

/** One of the keys of a sort table. */
export function sortParam<K extends string>(keys: readonly [K, ...K[]]) {
  return z.enum(keys, { error: `must be one of ${keys.join(', ')}` }).optional();
}
