import {
  chosenFilters,
  filtersHref,
  listFilters,
  refinementQuery,
  searchFacets,
  withoutFilter,
  type ChosenFilters,
  type ListKind,
} from './list-filters';
import type { FacetView } from './search-state';

const PATH = '/en-ch/categories/c42';
const url = (query: string) => new URL(`http://site.test${PATH}?${query}`);
/** The panel of the category page at PATH, its sort kept. */
const categoryFilters = (
  facets: Record<string, FacetView>,
  chosen: ChosenFilters,
  path: string,
  sort: string | null,
  nameOf?: (key: string) => string,
) => listFilters('category', facets, chosen, { path, kept: sort ? [['sort', sort]] : [] }, nameOf);

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
      'category',
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
          '&refinements[spec:drop]=8+mm&refinements[category]=c7',
      ),
      'category',
    );
    expect(chosen).toEqual({ 'spec:drop': ['8 mm'] });
  });

  it('go to the JSON API as comma lists and back to the page as one field per value, sort kept, page dropped', () => {
    const chosen: ChosenFilters = { 'spec:colour': ['Black, red', 'White'], brand: ['sony'] };
    expect(refinementQuery(chosen)).toEqual({
      'refinements[spec:colour]': 'Black\\, red,White',
      'refinements[brand]': 'sony',
    });
    const href = filtersHref(PATH, chosen, [['sort', 'cheapest']]);
    expect(href).toBe(
      `${PATH}?refinements%5Bspec%3Acolour%5D=Black%5C%2C+red&refinements%5Bspec%3Acolour%5D=White` +
        '&refinements%5Bbrand%5D=sony&sort=cheapest',
    );
    expect(chosenFilters(new URL(`http://site.test${href}`), 'category')).toEqual(chosen);
    expect(filtersHref(PATH, {})).toBe(PATH);
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
    expect(view.groups).toEqual([
      {
        facet: 'brand',
        name: null,
        values: [{ field: 'sony', label: 'sony', count: 7, selected: false }],
        more: [],
        open: false,
      },
    ]);
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
    expect(view.groups[0]?.values.map((v) => [v.field, v.selected])).toEqual([
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
    expect(chosenFilters(new URL(`http://site.test${weightChip?.href ?? ''}`), 'category')).toEqual({
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
      groups: [],
      specs: [],
      chips: [],
      clearHref: null,
      kept: [],
      fields: [],
    });
  });
});

describe('the filters of a brand’s and a shop’s products', () => {
  const BRAND = '/en-ch/brands/sony';
  const SHOP = '/en-ch/shops/s7';
  const at = (path: string, query: string) => new URL(`http://site.test${path}?${query}`);

  it('ask search for the facets each page filters by, never the page’s own', () => {
    const asked: Record<ListKind, string> = {
      category: searchFacets('category'),
      brand: searchFacets('brand'),
      shop: searchFacets('shop'),
    };
    expect(asked).toEqual({
      category: 'availability,brand,spec',
      brand: 'availability,category,spec',
      shop: 'availability,category,brand,spec',
    });
  });

  it('read categories by id and brands by slug where the page filters by them, and leave the rest out', () => {
    const query =
      'refinements[category]=c7,c-8_x,not%20an%20id&refinements[brand]=bose,Not+A+Slug&refinements[shop]=s1' +
      `&refinements[category]=${'c'.repeat(129)}&refinements[availability]=in_stock&refinements[spec:weight]=250+g`;
    expect(chosenFilters(at(BRAND, query), 'brand')).toEqual({
      category: ['c7', 'c-8_x'],
      availability: ['in_stock'],
      'spec:weight': ['250 g'],
    });
    expect(chosenFilters(at(SHOP, query), 'shop')).toEqual({
      category: ['c7', 'c-8_x'],
      brand: ['bose'],
      availability: ['in_stock'],
      'spec:weight': ['250 g'],
    });
  });

  const facets: Record<string, FacetView> = {
    availability: terms([['in_stock', 4]]),
    category: {
      type: 'terms',
      values: [
        { value: 'c7', label: 'Headphones', count: 3, selected: true },
        { value: 'c9', label: 'Speakers', count: 2, selected: false },
      ],
    },
    brand: {
      type: 'terms',
      values: [
        { value: 'sony', label: 'Sony', count: 4, selected: false },
        { value: 'bose', label: 'Bose', count: 1, selected: false },
      ],
    },
    'spec:weight': terms([['250 g', 2]], 'Weight', 2),
  };

  it('offer a brand’s categories (not its brand) with their counts, and name a chosen category by its name', () => {
    const view = listFilters('brand', facets, { category: ['c7'] }, { path: BRAND });
    expect(
      view.groups.map((g) => [g.facet, g.values.map((v) => `${v.label} (${v.count})${v.selected ? ' ✓' : ''}`)]),
    ).toEqual([['category', ['Headphones (3) ✓', 'Speakers (2)']]]);
    expect(view.specs.map((g) => g.name)).toEqual(['Weight']);
    expect(view.chips).toEqual([{ facet: 'category', name: null, value: 'Headphones', href: BRAND }]);
    expect(view.fields).toEqual([['refinements[category]', 'c7']]);
  });

  it('offer a shop’s categories, then brands, and keep the sort and the reviews’ page and order in every link', () => {
    const kept: [string, string][] = [
      ['sort', 'cheapest'],
      ['reviewsPage', '2'],
    ];
    const view = listFilters('shop', facets, { brand: ['bose'], category: ['c9'] }, { path: SHOP, kept });
    expect(view.groups.map((g) => g.facet)).toEqual(['category', 'brand']);
    expect(view.chips.map((c) => [c.facet, c.value, c.href])).toEqual([
      ['brand', 'Bose', `${SHOP}?refinements%5Bcategory%5D=c9&sort=cheapest&reviewsPage=2`],
      ['category', 'Speakers', `${SHOP}?refinements%5Bbrand%5D=bose&sort=cheapest&reviewsPage=2`],
    ]);
    expect(view.clearHref).toBe(`${SHOP}?sort=cheapest&reviewsPage=2`);
    expect(view.kept).toEqual(kept);
  });
});
