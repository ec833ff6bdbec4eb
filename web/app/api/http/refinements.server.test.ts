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

  it('reads specifications where the endpoint allows them, each its own facet, a comma inside a value escaped', () => {
    const refinements = read(
      'refinements%5Bspec%3Aweight%5D=1.2+kg,1.5+kg&refinements[spec:weight]=250 g' +
        '&refinements[spec:colour]=Black%5C%2C red&refinements[brand]=sony',
      { specFacets: true },
    );
    expect(refinements.terms).toEqual([
      { facet: 'spec:weight', values: ['1.2 kg', '1.5 kg', '250 g'] },
      { facet: 'spec:colour', values: ['Black, red'] },
      { facet: 'brand', values: ['sony'] },
    ]);
  });

  it('rejects a malformed specification, an overlong value, and specifications where only products have them', () => {
    expect(errorsOf('refinements[spec:Weight]=1', { specFacets: true })).toEqual([
      expect.objectContaining({ field: 'refinements[spec:Weight]', rule: 'regex' }),
    ]);
    expect(errorsOf('refinements[spec:]=1', { specFacets: true })[0]?.field).toBe('refinements[spec:]');
    expect(errorsOf(`refinements[spec:drop]=${'x'.repeat(101)}`, { specFacets: true })).toEqual([
      { field: 'refinements[spec:drop]', reason: 'values must be at most 100 characters', rule: 'max' },
    ]);
    expect(read(`refinements[spec:drop]=${'x'.repeat(100)}`, { specFacets: true }).terms).toHaveLength(1);
    expect(errorsOf('refinements[spec:weight]=1.2 kg')).toEqual([
      expect.objectContaining({ field: 'refinements[spec:weight]', rule: 'in' }),
    ]);
    const many = Array.from({ length: 21 }, (_, i) => `refinements[spec:s${i}]=v`).join('&');
    expect(errorsOf(many, { specFacets: true })).toEqual([
      expect.objectContaining({ field: 'refinements', rule: 'max' }),
    ]);
    const twenty = Array.from({ length: 20 }, (_, i) => `refinements[spec:s${i}]=v`).join('&');
    expect(read(`${twenty}&refinements[brand]=sony`, { specFacets: true }).terms).toHaveLength(21);
  });
});
