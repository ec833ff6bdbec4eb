import { hasMore, initialSearchState, searchReducer, type SearchResult, type SearchState } from './search-state';
import { apiQuery, asksSpecFacets, criteriaFromUrl, pageQuery } from './search-url';
import { cardFixture as card } from '../../test/card-fixture';

const result = (page: number, ids: string[], total = 50): SearchResult => ({
  hits: ids.map(card),
  total,
  page,
  facets: {},
  suggestions: [],
  sortOptions: [],
  sort: 'rank',
});

function answered(state: SearchState, request: number, page: number, ids: string[]): SearchState {
  return searchReducer(searchReducer(state, { type: 'sent', request }), {
    type: 'answered',
    request,
    result: result(page, ids),
  });
}

describe('searchReducer', () => {
  const start = answered(initialSearchState({ query: 'tv' }), 1, 1, ['a', 'b']);

  it('resets to page 1 when query, sort or page size change', () => {
    const onPage3 = { ...start, page: 3 };
    expect(searchReducer(onPage3, { type: 'query', query: 'radio' }).page).toBe(1);
    expect(searchReducer(onPage3, { type: 'sort', sort: 'cheapest' }).page).toBe(1);
    expect(searchReducer(onPage3, { type: 'pageSize', hitsPerPage: 40 }).page).toBe(1);
  });

  it('replaces hits with page 1 and appends later pages', () => {
    const more = searchReducer(start, { type: 'more' });
    expect(more.page).toBe(2);
    const appended = answered(more, 2, 2, ['c', 'd']);
    expect(appended.hits.map((h) => h.id)).toEqual(['a', 'b', 'c', 'd']);
    const replaced = answered(searchReducer(appended, { type: 'sort', sort: 'cheapest' }), 3, 1, ['x']);
    expect(replaced.hits.map((h) => h.id)).toEqual(['x']);
  });

  it('ignores an answer that arrives after a newer request', () => {
    let state = searchReducer(start, { type: 'sent', request: 2 });
    state = searchReducer(state, { type: 'sent', request: 3 });
    state = searchReducer(state, { type: 'answered', request: 3, result: result(1, ['new']) });
    state = searchReducer(state, { type: 'answered', request: 2, result: result(1, ['old']) });
    expect(state.hits.map((h) => h.id)).toEqual(['new']);
    expect(state.loading).toBe(false);
  });

  it('keeps the criteria as they were when an answer arrives (no second request for the same page)', () => {
    const more = searchReducer(initialSearchState({ query: 'tv', result: result(1, ['a', 'b']) }), { type: 'more' });
    const after = answered(more, 1, 2, ['c']);
    expect({ sort: after.sort, page: after.page, query: after.query }).toEqual({ sort: null, page: 2, query: 'tv' });
    expect(after.appliedSort).toBe('rank');
  });

  it('has more while the total exceeds the loaded hits, and "more" stops there', () => {
    expect(hasMore(start)).toBe(true);
    const all = answered(initialSearchState({}), 1, 1, ['a']);
    expect(hasMore({ ...all, total: 1 })).toBe(false);
    expect(searchReducer({ ...all, total: 1 }, { type: 'more' }).page).toBe(1);
  });

  it('has no more on a server-rendered last page (page 2 of 2 holds only its own hits)', () => {
    const hits = Array.from({ length: 20 }, (_, i) => `p${i}`);
    const second = initialSearchState({ page: 2, hitsPerPage: 20, result: { ...result(2, hits), total: 40 } });
    expect(hasMore(second)).toBe(false);
    expect(hasMore({ ...second, total: 41 })).toBe(true);
  });

  it('toggles refinements on and off, one value for single-value facets', () => {
    let state = searchReducer(start, { type: 'toggle', facet: 'brand', value: 'kyomi' });
    state = searchReducer(state, { type: 'toggle', facet: 'brand', value: 'orbix' });
    expect(state.refinements).toEqual({ brand: ['kyomi', 'orbix'] });
    state = searchReducer(state, { type: 'toggle', facet: 'brand', value: 'kyomi' });
    state = searchReducer(state, { type: 'toggle', facet: 'brand', value: 'orbix' });
    expect(state.refinements).toEqual({});
    state = searchReducer(state, { type: 'toggle', facet: 'rating', value: '4', single: true });
    state = searchReducer(state, { type: 'toggle', facet: 'rating', value: '3', single: true });
    expect(state.refinements).toEqual({ rating: ['3'] });
  });
});

describe('search URLs', () => {
  const criteria = {
    query: 'tv 4k',
    sort: 'cheapest',
    hitsPerPage: 40,
    refinements: { brand: ['kyomi', 'orbix'], rating: ['4'] },
    price: { min: 10000, max: null },
  };

  it('round-trip the criteria through the page URL', () => {
    const url = new URL(`http://x/en-ch/search?${pageQuery(criteria, 2).toString()}`);
    expect(criteriaFromUrl(url)).toEqual({ ...criteria, page: 2 });
  });

  it('leave out empty refinements and defaults', () => {
    expect(
      pageQuery({
        query: '',
        sort: null,
        hitsPerPage: 20,
        refinements: { brand: [] },
        price: { min: null, max: null },
      }).toString(),
    ).toBe('');
  });

  it('ask the API for facets and a rating range, never to count the search (the browser does, ADR 103)', () => {
    const query = apiQuery(criteria, 3, 'de-ch');
    expect(query.get('refinements[rating]')).toBe('4..');
    expect(query.get('refinements[price]')).toBe('10000..');
    expect(query.get('page')).toBe('3');
    expect(query.get('locale')).toBe('de-ch');
    expect(query.has('track')).toBe(false);
  });

  it('read specification refinements as repeated names or comma lists, a comma inside a value escaped', () => {
    const url = new URL(
      'http://x/en-ch/search?refinements%5Bspec%3Aweight%5D=1.2+kg&refinements%5Bspec%3Aweight%5D=1.5+kg,250+g' +
        '&refinements[spec:colour]=Black%5C%2C+red,White&refinements[category]=shoes',
    );
    expect(criteriaFromUrl(url).refinements).toEqual({
      'spec:weight': ['1.2 kg', '1.5 kg', '250 g'],
      'spec:colour': ['Black, red', 'White'],
      category: ['shoes'],
    });
  });

  it('leave out malformed specifications and values search would refuse, rather than fail the page', () => {
    const long = 'x'.repeat(101);
    const url = new URL(
      `http://x/en-ch/search?refinements[spec:Weight]=1&refinements[spec:-x]=1&refinements[spec:]=1` +
        `&refinements[spec:drop]=${long},8+mm&refinements[spec:size]=${long}`,
    );
    expect(criteriaFromUrl(url).refinements).toEqual({ 'spec:drop': ['8 mm'] });
    const many = Array.from({ length: 25 }, (_, i) => `refinements[spec:s${i}]=v`).join('&');
    expect(Object.keys(criteriaFromUrl(new URL(`http://x/en-ch/search?${many}`)).refinements)).toHaveLength(20);
  });

  it('write specification refinements back to the page URL and read them again', () => {
    const spec = { ...criteria, refinements: { 'spec:colour': ['Black, red', 'White'], 'spec:weight': ['1.2 kg'] } };
    const query = pageQuery(spec);
    expect(query.get('refinements[spec:colour]')).toBe('Black\\, red,White');
    expect(criteriaFromUrl(new URL(`http://x/en-ch/search?${query.toString()}`))).toEqual({ ...spec, page: 1 });
  });

  it('ask for the specification facets only with a category or a specification refined', () => {
    const facets = (refinements: Record<string, string[]>) =>
      apiQuery({ ...criteria, refinements }, 1, 'en-ch')
        .get('facets')
        ?.split(',');
    expect(facets({ brand: ['kyomi'] })).not.toContain('spec');
    expect(facets({ category: ['c1'] })).toEqual([
      'category',
      'brand',
      'shop',
      'price',
      'availability',
      'rating',
      'country',
      'spec',
    ]);
    expect(facets({ 'spec:weight': ['1.2 kg'] })).toContain('spec');
    expect(asksSpecFacets({ refinements: { category: [] } })).toBe(false);
  });
});
