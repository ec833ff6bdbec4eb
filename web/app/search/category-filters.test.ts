import {
  categoryFilters,
  chosenFilters,
  filtersHref,
  refinementQuery,
  withoutFilter,
  type ChosenFilters,
} from './category-filters';
import type { FacetView } from './search-state';

const PATH = '/en-ch/categories/c42';
const url = (query: string) => new URL(`http://site.test${PATH}?${query}`);

const terms = (values: [string, number, boolean?][], label?: string, count?: number): FacetView => ({
  type: 'terms',
  ...(label === undefined ? {} : { label, count }),
  values: values.map(([value, n, selected = false]) => ({ value, label: value, count: n, selected })),
});

describe('a category page’s filters in its URL', () => {
  it('are read as the search page reads refinements: repeated names, comma lists, escaped commas', () => {
    const chosen = chosenFilters(
      url(
        'refinements%5Bspec%3Aweight%5D=1.2+kg&refinements%5Bspec%3Aweight%5D=1.5+kg' +
          '&refinements[spec:colour]=Black%5C%2C+red,White&refinements[brand]=sony,bose&refinements[availability]=in_stock' +
          '&sort=cheapest&page=2',
      ),
    );
    expect(chosen).toEqual({
      'spec:weight': ['1.2 kg', '1.5 kg'],
      'spec:colour': ['Black, red', 'White'],
      brand: ['sony', 'bose'],
      availability: ['in_stock'],
    });
  });

  it('leave out what the page does not filter by or search would refuse, instead of failing the page', () => {
    const chosen = chosenFilters(
      url(
        'refinements[shop]=s1&refinements[spec:Weight]=1&refinements[spec:-x]=1&refinements[brand]=Not%20A%20Slug' +
          `&refinements[availability]=out_of_stock&refinements[spec:drop]=${'x'.repeat(101)}&refinements[price]=1..2` +
          '&refinements[spec:drop]=8+mm',
      ),
    );
    expect(chosen).toEqual({ 'spec:drop': ['8 mm'] });
  });

  it('go to the JSON API as comma lists and back to the page as one field per value, sort kept, page dropped', () => {
    const chosen: ChosenFilters = { 'spec:colour': ['Black, red', 'White'], brand: ['sony'] };
    expect(refinementQuery(chosen)).toEqual({
      'refinements[spec:colour]': 'Black\\, red,White',
      'refinements[brand]': 'sony',
    });
    const href = filtersHref(PATH, chosen, 'cheapest');
    expect(href).toBe(
      `${PATH}?refinements%5Bspec%3Acolour%5D=Black%5C%2C+red&refinements%5Bspec%3Acolour%5D=White` +
        '&refinements%5Bbrand%5D=sony&sort=cheapest',
    );
    expect(chosenFilters(new URL(`http://site.test${href}`))).toEqual(chosen);
    expect(filtersHref(PATH, {}, null)).toBe(PATH);
    expect(withoutFilter(chosen, 'spec:colour', 'White')).toEqual({ 'spec:colour': ['Black, red'], brand: ['sony'] });
    expect(withoutFilter(chosen, 'brand', 'sony')).toEqual({ 'spec:colour': ['Black, red', 'White'] });
  });
});

describe('the filter panel of a category page', () => {
  const weights: [string, number][] = [
    ['250 g', 4],
    ['260 g', 3],
    ['270 g', 3],
    ['280 g', 2],
    ['290 g', 2],
    ['300 g', 1],
    ['310 g', 1],
    ['320 g', 1],
    ['1.2 kg', 1],
    ['1.5 kg', 1],
  ];
  const facets: Record<string, FacetView> = {
    availability: terms([
      ['in_stock', 9],
      ['out_of_stock', 3],
    ]),
    brand: terms([['sony', 7]]),
    'spec:weight': terms(weights, 'Gewicht', 12),
    'spec:drop': terms([['8 mm', 5, true]], 'Sprengung', 5),
    price: { type: 'range', stats: { min: 1, max: 2, avg: 1.5, count: 12 } },
  };

  it('shows in stock, brands and the specifications in search’s order, each under its name, first 8 values', () => {
    const chosen = { 'spec:drop': ['8 mm'] };
    const view = categoryFilters(facets, chosen, PATH, null);
    expect(view.inStock).toEqual({ count: 9, selected: false });
    expect(view.brands?.values).toEqual([{ field: 'sony', label: 'sony', count: 7, selected: false }]);
    expect(view.specs.map((g) => [g.facet, g.name, g.values.length, g.more.length, g.open])).toEqual([
      ['spec:weight', 'Gewicht', 8, 2, false],
      ['spec:drop', 'Sprengung', 1, 0, false],
    ]);
    expect(view.specs[0]?.values.map((v) => `${v.label} (${v.count})`).slice(0, 2)).toEqual(['250 g (4)', '260 g (3)']);
    expect(view.specs[1]?.values[0]).toEqual({ field: '8 mm', label: '8 mm', count: 5, selected: true });
  });

  it('opens "more" when a value behind it is chosen, and keeps a chosen value search did not list', () => {
    const chosen = { 'spec:weight': ['1.5 kg', '9 kg'], brand: ['kyomi'] };
    const view = categoryFilters(facets, chosen, PATH, null);
    const weight = view.specs[0];
    expect(weight?.open).toBe(true);
    expect(weight?.more.map((v) => [v.label, v.count, v.selected])).toEqual([
      ['1.2 kg', 1, false],
      ['1.5 kg', 1, true],
      ['9 kg', 0, true],
    ]);
    expect(view.brands?.values.map((v) => [v.field, v.selected])).toEqual([
      ['sony', false],
      ['kyomi', true],
    ]);
  });

  it('lists the chosen filters as chips that each lead to the page without them, and a link without any', () => {
    const chosen = { availability: ['in_stock'], brand: ['sony'], 'spec:weight': ['1.2 kg'], 'spec:size': ['42'] };
    const brandFacets = {
      ...facets,
      brand: { type: 'terms' as const, values: [{ value: 'sony', label: 'Sony', count: 7, selected: true }] },
    };
    const view = categoryFilters(brandFacets, chosen, PATH, 'cheapest', (key) => `«${key}»`);
    expect(view.chips.map((c) => [c.facet, c.name, c.value])).toEqual([
      ['availability', null, ''],
      ['brand', null, 'Sony'],
      ['spec:weight', 'Gewicht', '1.2 kg'],
      // Not answered by search: named by its key, in the page's language where known.
      ['spec:size', '«size»', '42'],
    ]);
    const weightChip = view.chips[2];
    expect(chosenFilters(new URL(`http://site.test${weightChip?.href ?? ''}`))).toEqual({
      availability: ['in_stock'],
      brand: ['sony'],
      'spec:size': ['42'],
    });
    expect(weightChip?.href).toContain('sort=cheapest');
    expect(view.clearHref).toBe(`${PATH}?sort=cheapest`);
    expect(view.inStock).toEqual({ count: 9, selected: true });
    expect(view.specs.map((g) => g.facet)).toEqual(['spec:weight', 'spec:drop', 'spec:size']);
    expect(view.fields).toEqual([
      ['refinements[availability]', 'in_stock'],
      ['refinements[brand]', 'sony'],
      ['refinements[spec:weight]', '1.2 kg'],
      ['refinements[spec:size]', '42'],
    ]);
  });

  it('is empty without facets, and has nothing to clear without filters', () => {
    const view = categoryFilters({}, {}, PATH, null);
    expect(view).toEqual({
      path: PATH,
      inStock: null,
      brands: null,
      specs: [],
      chips: [],
      clearHref: null,
      sort: null,
      fields: [],
    });
  });
});
