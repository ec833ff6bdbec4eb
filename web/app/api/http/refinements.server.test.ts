import { InvalidQueryError } from './invalid-query.server';
import { readRefinements, refinementValues, type RefinementRules } from './refinements.server';

const read = (query: string, rules?: RefinementRules) =>
  readRefinements(new URL(`http://site.test/api/products?${query}`), rules);

function errorsOf(query: string, rules?: RefinementRules) {
  try {
    read(query, rules);
  } catch (error) {
    if (error instanceof InvalidQueryError) return error.errors;
    throw error;
  }
  throw new Error(`"${query}" was accepted`);
}

describe('refinements[facet]=…', () => {
  it('reads term refinements as comma lists, repeated names adding values', () => {
    const refinements = read('refinements[brand]=apple,sony&refinements%5Bbrand%5D=lg&refinements[category]=phones');
    expect(refinements.terms).toEqual([
      { facet: 'brand', values: ['apple', 'sony', 'lg'] },
      { facet: 'category', values: ['phones'] },
    ]);
    expect(refinementValues(refinements, 'category')).toEqual(['phones']);
    expect(refinementValues(refinements, 'shop')).toBeUndefined();
  });

  it('leaves out refinements whose values are empty (spec §5)', () => {
    expect(read('refinements[brand]=&refinements[shop]=,,').terms).toEqual([]);
  });

  it('reads ranges of range facets with open bounds', () => {
    const { ranges } = read('refinements[price]=1000..5000&refinements[rating]=4..', {
      rangeFacets: ['price', 'rating'],
    });
    expect(ranges).toEqual([
      { facet: 'price', min: 1000, max: 5000 },
      { facet: 'rating', min: 4 },
    ]);
    expect(read('refinements[price]=..2500', { rangeFacets: ['price'] }).ranges).toEqual([
      { facet: 'price', max: 2500 },
    ]);
  });

  it('rejects malformed ranges, names and facets the endpoint does not know', () => {
    expect(errorsOf('refinements[price]=5000..1000', { rangeFacets: ['price'] })).toEqual([
      { field: 'refinements[price]', reason: 'min must not exceed max', rule: 'lte' },
    ]);
    expect(errorsOf('refinements[price]=cheap', { rangeFacets: ['price'] })[0]?.field).toBe('refinements[price]');
    expect(errorsOf('refinements[price]=..', { rangeFacets: ['price'] })[0]?.rule).toBe('regex');
    expect(errorsOf('refinements[Brand]=x')[0]?.field).toBe('refinements[Brand]');
    expect(errorsOf('refinements=apple')[0]).toEqual(expect.objectContaining({ field: 'refinements', rule: 'regex' }));
    expect(errorsOf('refinements[shop]=x', { allowedFacets: ['product'] })[0]).toEqual(
      expect.objectContaining({ field: 'refinements[shop]', rule: 'in' }),
    );
  });

  it('caps the number of values of a facet', () => {
    const many = Array.from({ length: 101 }, (_, i) => `b${i}`).join(',');
    expect(errorsOf(`refinements[brand]=${many}`)[0]?.rule).toBe('max');
  });
});
