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
import { serverT } from '~/i18n/server-t.server';
import type { InterfaceLanguage } from '~/i18n/regions';
import { placeholderNumber, rangeText } from './spec-range-text';
import { foldRangeFields, type SpecRange } from './spec-ranges';

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
      'en-GB',
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
          `&refinements[availability]=out_of_stock&refinements[spec:drop]=${'x'.repeat(101)}&refinements[price]=x..y` +
          '&refinements[spec:drop]=8+mm&refinements[category]=c7',
      ),
      'category',
      'en-GB',
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
    expect(chosenFilters(new URL(`http://site.test${href}`), 'category', 'en-GB')).toEqual(chosen);
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
    expect(chosenFilters(new URL(`http://site.test${weightChip?.href ?? ''}`), 'category', 'en-GB')).toEqual({
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
      price: null,
      // The price-drop checkbox is offered unticked: search counts no drops.
      drop: { value: '10..', percent: 10, selected: false },
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
      category: 'availability,brand,price,spec',
      brand: 'availability,category,price,spec',
      shop: 'availability,category,brand,price,spec',
    });
  });

  it('read categories by id and brands by slug where the page filters by them, and leave the rest out', () => {
    const query =
      'refinements[category]=c7,c-8_x,not%20an%20id&refinements[brand]=bose,Not+A+Slug&refinements[shop]=s1' +
      `&refinements[category]=${'c'.repeat(129)}&refinements[availability]=in_stock&refinements[spec:weight]=250+g`;
    expect(chosenFilters(at(BRAND, query), 'brand', 'en-GB')).toEqual({
      category: ['c7', 'c-8_x'],
      availability: ['in_stock'],
      'spec:weight': ['250 g'],
    });
    expect(chosenFilters(at(SHOP, query), 'shop', 'en-GB')).toEqual({
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

describe('a numeric specification’s range in a list page’s URL', () => {
  const chosen = (query: string) => chosenFilters(url(query), 'category', 'en-GB');

  it('is read from the form’s from–to fields and from the links’ refinement alike, and written as the refinement', () => {
    const fromForm = chosen('range[spec:power][min]=800&range[spec:power][max]=1200&refinements[brand]=sony');
    expect(fromForm).toEqual({ 'spec:power': ['800..1200'], brand: ['sony'] });
    expect(chosen('refinements%5Bspec%3Apower%5D=800..1200&refinements[brand]=sony')).toEqual(fromForm);
    expect(refinementQuery(fromForm)).toEqual({ 'refinements[spec:power]': '800..1200', 'refinements[brand]': 'sony' });
    const href = filtersHref(PATH, fromForm, [['sort', 'cheapest']]);
    expect(href).toBe(`${PATH}?refinements%5Bspec%3Apower%5D=800..1200&refinements%5Bbrand%5D=sony&sort=cheapest`);
    expect(chosenFilters(new URL(`http://site.test${href}`), 'category', 'en-GB')).toEqual(fromForm);
  });

  it('takes either bound alone, decimals, bounds the wrong way round, and no range when both are empty', () => {
    expect(chosen('range[spec:power][min]=800&range[spec:power][max]=')).toEqual({ 'spec:power': ['800..'] });
    expect(chosen('range[spec:power][min]=&range[spec:power][max]=+1200+')).toEqual({ 'spec:power': ['..1200'] });
    expect(chosen('refinements[spec:power]=..1200')).toEqual({ 'spec:power': ['..1200'] });
    expect(chosen('range[spec:jug][min]=1.5&range[spec:jug][max]=2')).toEqual({ 'spec:jug': ['1.5..2'] });
    expect(chosen('range[spec:power][min]=1200&range[spec:power][max]=800')).toEqual({ 'spec:power': ['800..1200'] });
    expect(chosen('range[spec:temperature][min]=-20&range[spec:temperature][max]=-5')).toEqual({
      'spec:temperature': ['-20..-5'],
    });
    expect(chosen('range[spec:power][min]=&range[spec:power][max]=&refinements[brand]=sony')).toEqual({
      brand: ['sony'],
    });
  });

  it('leaves a bound that is no number open, and a range with none out, as other malformed filters', () => {
    expect(chosen('range[spec:power][min]=abc&range[spec:power][max]=1200')).toEqual({ 'spec:power': ['..1200'] });
    for (const query of [
      'range[spec:power][min]=1,5&range[spec:power][max]=1e3',
      'range[spec:power][min]=Infinity',
      `range[spec:power][min]=${'9'.repeat(30)}`,
      'range[spec:Power][min]=800',
      'range[spec:power][from]=800',
      'refinements[spec:power]=abc..x',
      'refinements[spec:power]=1..2..3',
      'refinements[spec:power]=..',
    ])
      expect([query, chosen(query)]).toEqual([query, {}]);
    // An ellipsis is a value as written, not a range.
    expect(chosen('refinements[spec:note]=Wait...')).toEqual({ 'spec:note': ['Wait...'] });
  });

  it('stands alone for its specification: a range beside values of it wins, the form’s over the link’s', () => {
    expect(
      chosen(
        'refinements[spec:power]=1000+W&range[spec:power][min]=800&range[spec:power][max]=1200&refinements[spec:jug]=1+l',
      ),
    ).toEqual({ 'spec:power': ['800..1200'], 'spec:jug': ['1 l'] });
    expect(chosen('refinements[spec:power]=800..1200,1000+W')).toEqual({ 'spec:power': ['800..1200'] });
    expect(chosen('refinements[spec:power]=500..600&range[spec:power][min]=800')).toEqual({ 'spec:power': ['800..'] });
  });

  it('is folded by a running page into the refinement where the form’s fields stood, empty ones left out', () => {
    const folded = foldRangeFields(
      [
        ['refinements[brand]', 'sony'],
        ['range[spec:power][min]', '800'],
        ['range[spec:power][max]', ''],
        ['range[spec:jug][min]', ''],
        ['range[spec:jug][max]', ''],
        ['sort', 'cheapest'],
      ],
      'en-GB',
    );
    expect([...folded]).toEqual([
      ['refinements[brand]', 'sony'],
      ['refinements[spec:power]', '800..'],
      ['sort', 'cheapest'],
    ]);
  });
});

describe('a numeric specification in the filter panel', () => {
  const numbered = (unit: string, numbers: number[], count: number, selected: (n: number) => boolean = () => false) =>
    numbers.map((n) => ({ value: `${n} ${unit}`, label: `${n} ${unit}`, count, selected: selected(n), number: n }));
  const watts = [500, 600, 700, 800, 900, 1000, 1100, 1200, 1300, 1400, 1500];
  const litres = [1, 1.2, 1.5, 1.7, 2];
  const scale = (unit: string, numbers: number[]) => ({
    unit,
    min: Math.min(...numbers),
    max: Math.max(...numbers),
    avg: 1,
    count: numbers.length,
  });
  const facets = (chosen?: SpecRange): Record<string, FacetView> => ({
    'spec:power': {
      type: 'terms',
      label: 'Power',
      count: 11,
      values: numbered(
        'W',
        watts,
        1,
        (n) => chosen !== undefined && n >= (chosen.min ?? 0) && n <= (chosen.max ?? 1e9),
      ),
      numeric: scale('W', watts),
      ...(chosen ? { chosen } : {}),
    },
    'spec:jug': {
      type: 'terms',
      label: 'Jug',
      count: 5,
      values: numbered('l', litres, 2),
      numeric: scale('l', litres),
    },
    'spec:colour': terms([['Black', 4]], 'Colour', 4),
  });

  it('offers "from [ ] to [ ] W" with the list’s lowest and highest number and a step its numbers fit, beside its values', () => {
    const view = categoryFilters(facets(), {}, PATH, null);
    const [power, jug, colour] = view.specs;
    expect(power?.range).toEqual({
      fields: { min: 'range[spec:power][min]', max: 'range[spec:power][max]' },
      unit: 'W',
      lowest: 500,
      highest: 1500,
      step: '1',
      chosen: { min: null, max: null },
    });
    expect([power?.values.length, power?.more.length]).toEqual([8, 3]);
    expect(jug?.range).toMatchObject({ unit: 'l', lowest: 1, highest: 2, step: '0.1' });
    expect(colour?.range).toBeUndefined();
  });

  it('shows a chosen range in its inputs instead of the values, as one chip that takes it back', () => {
    const chosen = { 'spec:power': ['800..1200'], brand: ['sony'] };
    const view = categoryFilters(facets({ min: 800, max: 1200 }), chosen, PATH, 'cheapest');
    const power = view.specs[0];
    expect(power?.range?.chosen).toEqual({ min: 800, max: 1200 });
    // No box to tick beside the range: search refuses values beside a range of the same specification.
    expect([power?.values, power?.more]).toEqual([[], []]);
    expect(view.chips[0]).toEqual({
      facet: 'spec:power',
      name: 'Power',
      value: '800..1200',
      href: `${PATH}?refinements%5Bbrand%5D=sony&sort=cheapest`,
      range: { min: 800, max: 1200, unit: 'W' },
    });
    expect(view.fields).toEqual([
      ['refinements[spec:power]', '800..1200'],
      ['refinements[brand]', 'sony'],
    ]);
  });

  it('keeps a range search found no scale for (or did not answer) changeable and removable', () => {
    const view = categoryFilters({}, { 'spec:size': ['..42.5'] }, PATH, null, (key) => `«${key}»`);
    expect(view.specs).toEqual([
      {
        facet: 'spec:size',
        name: '«size»',
        values: [],
        more: [],
        open: false,
        range: {
          fields: { min: 'range[spec:size][min]', max: 'range[spec:size][max]' },
          unit: '',
          lowest: null,
          highest: null,
          step: '0.1',
          chosen: { min: null, max: 42.5 },
        },
      },
    ]);
    expect(view.chips.map((c) => [c.name, c.range])).toEqual([['«size»', { min: null, max: 42.5, unit: '' }]]);
  });
});

describe('a chosen range as its chip writes it', () => {
  const chip = (language: InterfaceLanguage, tag: string, name: string, range: SpecRange & { unit: string }) => {
    const { t } = serverT(language);
    return t('filters.chip', { name, value: rangeText(range, tag, (key, values) => t(key, values)) });
  };
  const power = (min: number | null, max: number | null) => ({ min, max, unit: 'W' });

  it('writes the numbers in the page’s locale, the unit after them, open ranges in words', () => {
    expect(chip('en', 'en-GB', 'Power', power(800, 1200))).toBe('Power: 800 – 1,200 W');
    expect(chip('en', 'en-GB', 'Power', power(800, null))).toBe('Power: from 800 W');
    expect(chip('en', 'en-GB', 'Power', power(null, 1200))).toBe('Power: up to 1,200 W');
    expect(chip('en', 'en-CH', 'Power', power(800, 1200))).toBe('Power: 800 – 1’200 W');
    expect(chip('de', 'de-DE', 'Leistung', power(800, 1200))).toBe('Leistung: 800 – 1.200 W');
    expect(chip('de', 'de-DE', 'Leistung', power(800, null))).toBe('Leistung: ab 800 W');
    expect(chip('de', 'de-CH', 'Leistung', power(null, 1200))).toBe('Leistung: bis 1’200 W');
    expect(chip('fr', 'fr-FR', 'Puissance', power(800, null))).toBe('Puissance : à partir de 800 W');
    expect(chip('fr', 'fr-FR', 'Verseuse', { min: 1.5, max: 2, unit: 'l' })).toBe('Verseuse : 1,5 – 2 l');
    expect(chip('it', 'it-IT', 'Potenza', power(null, 1200))).toBe('Potenza: fino a 1200 W');
    expect(chip('es', 'es-ES', 'Potencia', power(800, null))).toBe('Potencia: desde 800 W');
    expect(chip('pt', 'pt-PT', 'Potência', power(null, 1200))).toBe('Potência: até 1200 W');
  });

  it('writes one number for equal bounds, and no unit for plain numbers', () => {
    expect(chip('en', 'en-GB', 'Jug', { min: 1.5, max: 1.5, unit: 'l' })).toBe('Jug: 1.5 l');
    expect(chip('en', 'en-GB', 'Slots', { min: 2, max: 4, unit: '' })).toBe('Slots: 2 – 4');
  });

  it('gives the inputs placeholders as one types a number: the locale’s decimal mark, no digit groups', () => {
    expect(placeholderNumber(1500, 'en-GB')).toBe('1500');
    expect(placeholderNumber(1500, 'de-CH')).toBe('1500');
    expect(placeholderNumber(1.5, 'de-DE')).toBe('1,5');
  });
});
