import { z } from 'zod';
import { InvalidQueryError } from './invalid-query.server';
import { hitsPerPageParam, localeParam, nameListParam, pageParam, searchParam } from './params.server';
import { parseOrThrow, queryValues } from './query.server';

const listQuery = z.object({
  locale: localeParam,
  search: searchParam,
  page: pageParam,
  hitsPerPage: hitsPerPageParam(24),
  facets: nameListParam({ allowAll: true }),
  suggest: nameListParam({ allowAll: false }),
});

const parse = (query: string) => parseOrThrow(listQuery, queryValues(new URL(`http://site.test/api/shops?${query}`)));

function errorsOf(query: string) {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof InvalidQueryError) return error.errors;
    throw error;
  }
  throw new Error(`"${query}" was accepted`);
}

describe('list query parameters', () => {
  it('fills the defaults of spec §9 when nothing is given (a call without parameters is allowed)', () => {
    expect(parse('')).toEqual({ locale: 'en-ch', search: '', page: 1, hitsPerPage: 24, facets: [], suggest: [] });
  });

  it('reads comma lists, dropping blanks and duplicates, and joins repeated names', () => {
    expect(parse('facets=brand,%20price,,brand&suggest=query').facets).toEqual(['brand', 'price']);
    expect(parse('facets=brand&facets=category').facets).toEqual(['brand', 'category']);
    expect(parse('facets=*').facets).toEqual(['*']);
  });

  it('names the parameter, the reason and the rule of each bad value', () => {
    expect(errorsOf('page=0')).toEqual([{ field: 'page', reason: 'must be at least 1', rule: 'min' }]);
    expect(errorsOf('hitsPerPage=101')).toEqual([{ field: 'hitsPerPage', reason: 'must be at most 100', rule: 'max' }]);
    expect(errorsOf('page=two')).toEqual([{ field: 'page', reason: 'must be a whole number', rule: 'integer' }]);
    expect(errorsOf('page=1&page=2')).toEqual([expect.objectContaining({ field: 'page', rule: 'integer' })]);
    expect(errorsOf(`search=${'x'.repeat(513)}`)).toEqual([
      { field: 'search', reason: 'must be at most 512 characters', rule: 'max' },
    ]);
    expect(errorsOf('locale=it-ch')).toEqual([expect.objectContaining({ field: 'locale', rule: 'in' })]);
    expect(errorsOf('suggest=*')).toEqual([expect.objectContaining({ field: 'suggest', rule: 'regex' })]);
    expect(errorsOf('facets=Brand')).toEqual([expect.objectContaining({ field: 'facets' })]);
  });

  it('reports every bad parameter at once, one entry each', () => {
    expect(errorsOf('page=-1&hitsPerPage=0&locale=xx').map((e) => e.field)).toEqual(['locale', 'page', 'hitsPerPage']);
  });

  it('accepts exactly 512 characters of search text and ignores unknown parameters', () => {
    expect(parse(`search=${'x'.repeat(512)}&utm_source=mail`).search).toHaveLength(512);
  });
});
