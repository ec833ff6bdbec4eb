import { EntitySort, ProductSort } from '@pc/proto/common/v1/sort';
import { FacetType, SuggestionKind } from '@pc/proto/search/v1/types';
import { categoryNamesOf } from './category-names.server';
import { facetsJson, pagingMeta, productMetricsJson, suggestJson } from './list-meta.server';
import { entitySorts, productSorts } from './sort-keys.server';

describe('list meta (spec §3 Search result)', () => {
  it('keys facets by name, terms with values and ranges with stats', () => {
    expect(
      facetsJson([
        {
          name: 'brand',
          type: FacetType.FACET_TYPE_TERMS,
          values: [{ value: 'sony', label: 'Sony', count: 3, selected: true }],
          stats: undefined,
          label: '',
          count: 0,
          numeric: false,
          unit: '',
        },
        {
          name: 'price',
          type: FacetType.FACET_TYPE_RANGE,
          values: [],
          stats: { min: 1990, max: 34900, avg: 12000, count: 40 },
          label: '',
          count: 0,
          numeric: false,
          unit: '',
        },
      ]),
    ).toEqual({
      brand: { type: 'terms', values: [{ value: 'sony', label: 'Sony', count: 3, selected: true }] },
      price: { type: 'range', stats: { min: 1990, max: 34900, avg: 12000, count: 40 } },
    });
  });

  it('gives a specification facet its name in the language, translated where known, and its count, in search’s order', () => {
    const spec = (name: string, label: string, count: number, values: string[]) => ({
      name,
      type: FacetType.FACET_TYPE_TERMS,
      values: values.map((value, i) => ({ value, label: value, count: i + 1, selected: i === 0 })),
      stats: undefined,
      label,
      count,
      numeric: false,
      unit: '',
    });
    const facets = [
      spec('spec:weight', 'Weight', 7, ['250 g', '1.2 kg']),
      spec('spec:battery-life', 'Battery life', 5, ['8 h']),
      spec('spec:heel-counter', 'Heel counter', 3, ['Firm']),
      spec('spec:drop', '', 2, ['8 mm']),
    ];
    const german = facetsJson(facets, 'de');
    expect(Object.keys(german)).toEqual(['spec:weight', 'spec:battery-life', 'spec:heel-counter', 'spec:drop']);
    expect(german['spec:weight']).toEqual({
      type: 'terms',
      label: 'Gewicht',
      count: 7,
      values: [
        { value: '250 g', label: '250 g', count: 1, selected: true },
        { value: '1.2 kg', label: '1.2 kg', count: 2, selected: false },
      ],
    });
    // Known names in the language; a name the site does not know as the data writes it; no name: the key's.
    expect(Object.values(german).map((facet) => (facet.type === 'terms' ? facet.label : null))).toEqual([
      'Gewicht',
      'Akkulaufzeit',
      'Heel counter',
      'Sprengung',
    ]);
    expect(facetsJson(facets)['spec:battery-life']).toMatchObject({ label: 'Battery life', count: 5 });
  });

  it('gives a numeric specification its unit, scale and numbers, and a range refining it', () => {
    const value = (text: string, number: number, selected: boolean) => ({
      value: text,
      label: text,
      count: 1,
      selected,
      number,
    });
    const power = {
      name: 'spec:power',
      type: FacetType.FACET_TYPE_TERMS,
      label: 'Power',
      count: 2,
      values: [value('500 W', 500, false), value('800 W', 800, true), value('1,200 W', 1200, true)],
      stats: { min: 500, max: 1200, avg: 833.5, count: 3 },
      numeric: true,
      unit: 'W',
      chosenMin: 800,
      chosenMax: undefined,
    };
    expect(facetsJson([power])['spec:power']).toEqual({
      type: 'terms',
      label: 'Power',
      count: 2,
      values: [
        { value: '500 W', label: '500 W', count: 1, selected: false, number: 500 },
        { value: '800 W', label: '800 W', count: 1, selected: true, number: 800 },
        { value: '1,200 W', label: '1,200 W', count: 1, selected: true, number: 1200 },
      ],
      numeric: { unit: 'W', min: 500, max: 1200, avg: 833.5, count: 3 },
      chosen: { min: 800, max: null },
    });
    // Not numeric (two units): values only; a range on it still echoed, to be taken back.
    const weight = { ...power, name: 'spec:weight', label: 'Weight', numeric: false, unit: '', stats: undefined };
    expect(facetsJson([{ ...weight, chosenMin: undefined }])['spec:weight']).not.toHaveProperty('numeric');
    expect(facetsJson([weight])['spec:weight']).toMatchObject({
      values: [{ value: '500 W', label: '500 W', count: 1, selected: false }, {}, {}],
    });
    expect(facetsJson([weight])['spec:weight']).not.toHaveProperty(['values', 0, 'number']);
    expect(facetsJson([{ ...weight, chosenMin: undefined }])['spec:weight']).not.toHaveProperty('chosen');
    expect(facetsJson([{ ...weight, chosenMax: 2 }])['spec:weight']).toMatchObject({ chosen: { min: 800, max: 2 } });
  });

  describe('categories named in the language (ADR 126)', () => {
    const german = categoryNamesOf([
      {
        id: 'electronics',
        name: 'Elektronik',
        productsCount: 9,
        children: [
          { id: 'phones', name: 'Handys', productsCount: 5, children: [] },
          { id: 'audio', name: 'Audio & HiFi', productsCount: 4, children: [] },
        ],
      },
    ]);
    const terms = (name: string, values: [string, string, number][]) => ({
      name,
      type: FacetType.FACET_TYPE_TERMS,
      values: values.map(([value, label, count]) => ({ value, label, count, selected: value === 'audio' })),
      stats: undefined,
      label: '',
      count: 0,
      numeric: false,
      unit: '',
    });

    it('labels a category facet’s values with catalog’s names, in search’s order by count', () => {
      const facets = facetsJson(
        [
          terms('category', [
            ['phones', 'Mobile Phones', 5],
            ['audio', 'Audio', 4],
            ['tablets', 'Tablets', 1],
          ]),
          // A brand's slug is no category id, even where it is spelt like one.
          terms('brand', [['phones', 'Phones Inc', 3]]),
        ],
        'de',
        german,
      );
      expect(facets.category).toEqual({
        type: 'terms',
        values: [
          { value: 'phones', label: 'Handys', count: 5, selected: false },
          { value: 'audio', label: 'Audio & HiFi', count: 4, selected: true },
          // One catalog did not list keeps search's label.
          { value: 'tablets', label: 'Tablets', count: 1, selected: false },
        ],
      });
      expect(facets.brand).toMatchObject({ values: [{ value: 'phones', label: 'Phones Inc' }] });
      // Without names (a list that shows no category) as search labelled them.
      expect(facetsJson([terms('category', [['phones', 'Mobile Phones', 5]])])).toMatchObject({
        category: { values: [{ label: 'Mobile Phones' }] },
      });
    });

    it('labels the parents of search’s categories list', () => {
      expect(facetsJson([terms('parent', [['electronics', 'Electronics', 2]])], undefined, german)).toMatchObject({
        parent: { values: [{ value: 'electronics', label: 'Elektronik', count: 2 }] },
      });
    });

    it('names a category suggestion in the language, its highlight the plain name', () => {
      const suggestion = (kind: SuggestionKind, id: string, text: string, highlighted: string) => ({
        kind,
        text,
        highlighted,
        id,
        imageUrl: '',
        count: 0,
        slug: '',
      });
      const suggest = suggestJson(
        [
          {
            name: 'category',
            suggestions: [
              suggestion(SuggestionKind.SUGGESTION_KIND_CATEGORY, 'audio', 'Audio', '<em>Au</em>dio'),
              suggestion(SuggestionKind.SUGGESTION_KIND_CATEGORY, 'tablets', 'Tablets', '<em>Ta</em>blets'),
            ],
          },
          { name: 'brand', suggestions: [suggestion(SuggestionKind.SUGGESTION_KIND_BRAND, 'audio', 'Audio', 'Audio')] },
        ],
        german,
      );
      expect(suggest.category).toEqual([
        { kind: 'category', text: 'Audio & HiFi', highlighted: 'Audio &amp; HiFi', id: 'audio', image: null, count: 0 },
        { kind: 'category', text: 'Tablets', highlighted: '<em>Ta</em>blets', id: 'tablets', image: null, count: 0 },
      ]);
      expect(suggest.brand).toMatchObject([{ text: 'Audio', highlighted: 'Audio' }]);
    });
  });

  it('keys suggester results by name', () => {
    const suggest = suggestJson([
      {
        name: 'brand',
        suggestions: [
          {
            kind: SuggestionKind.SUGGESTION_KIND_BRAND,
            text: 'Sony',
            highlighted: '<em>So</em>ny',
            id: 'sony',
            imageUrl: '',
            count: 12,
            slug: '',
          },
        ],
      },
    ]);
    expect(suggest).toEqual({
      brand: [{ kind: 'brand', text: 'Sony', highlighted: '<em>So</em>ny', id: 'sony', image: null, count: 12 }],
    });
  });

  it('falls back to the requested page when the service sent no paging', () => {
    expect(pagingMeta(undefined, { page: 3, hitsPerPage: 24 })).toEqual({
      total: 0,
      pages: 0,
      page: 3,
      hitsPerPage: 24,
      totalIsLowerBound: false,
    });
  });

  it('gives price metrics as money and no average rating when nothing is rated', () => {
    expect(
      productMetricsJson({
        minPrice: { amountMinor: 990, currency: 'EUR' },
        maxPrice: undefined,
        avgPrice: undefined,
        avgRating: 0,
        offersCount: 5,
        shopsCount: 2,
        brandsCount: 1,
      }),
    ).toEqual({
      minPrice: { amount: 990, currency: 'EUR' },
      maxPrice: null,
      avgPrice: null,
      avgRating: null,
      offersCount: 5,
      shopsCount: 2,
      brandsCount: 1,
    });
  });

  it('round-trips every sort key through its enum value', () => {
    for (const key of productSorts.keys)
      expect(productSorts.keyOf(productSorts.valueOf(key, ProductSort.PRODUCT_SORT_UNSPECIFIED))).toBe(key);
    for (const key of entitySorts.keys)
      expect(entitySorts.keyOf(entitySorts.valueOf(key, EntitySort.ENTITY_SORT_UNSPECIFIED))).toBe(key);
    expect(productSorts.keys).toEqual([
      'cheapest',
      'most-expensive',
      'new',
      'price-drop',
      'rank',
      'rating',
      'relevance',
    ]);
    expect(productSorts.keyOf(ProductSort.PRODUCT_SORT_UNSPECIFIED)).toBeNull();
  });
});
