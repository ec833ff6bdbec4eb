import { status } from '@grpc/grpc-js';
import { SearchProductsRequest, type SearchProductsResponse } from '@pc/proto/search/v1/search';
import type { Refinement } from '@pc/proto/search/v1/types';
import { deleteIndices, uniquePrefix } from '@pc/elasticsearch-search-index/testing/es-test-indices';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { eventually } from './testing/eventually.js';
import { productCreated } from './testing/event-fixtures.js';
import { startSearch, type SearchHarness } from './testing/search-harness.js';

const KETTLES: readonly [string, (readonly [string, string])[]][] = [
  [
    'k1',
    [
      ['Power', '2000 W'],
      ['Capacity', '1.7 l'],
      ['Colour', 'Black'],
      ['Filter', 'Limescale'],
    ],
  ],
  [
    'k2',
    [
      ['Power', '2200 W'],
      ['Capacity', '1.7 l'],
      ['Colour', 'White'],
    ],
  ],
  [
    'k3',
    [
      ['Power', '1000 W'],
      ['Capacity', '1 l'],
      ['Colour', 'Black'],
    ],
  ],
  [
    'k4',
    [
      ['Power', '2000 W'],
      ['Capacity', '1.5 l'],
      ['Colour', 'Steel'],
      ['Filter', 'Limescale'],
    ],
  ],
  [
    'k5',
    [
      ['Power', '500 W'],
      ['Capacity', '0.5 l'],
    ],
  ],
  [
    'k6',
    [
      ['Power', '2000 W'],
      ['Colour', 'Black'],
      ['Material', 'Glass'],
    ],
  ],
  [
    'k7',
    [
      ['Power', '3000 W'],
      ['Warranty', '2 years'],
    ],
  ],
  ['k8', []],
];

/** Blenders with a numeric power (thousands written both ways), speeds without unit, and weights in two units. */
const BLENDERS: readonly [string, (readonly [string, string])[]][] = [
  [
    'b1',
    [
      ['Power', '500 W'],
      ['Speeds', '2'],
      ['Weight', '900 g'],
    ],
  ],
  [
    'b2',
    [
      ['Power', '800 W'],
      ['Speeds', '5'],
      ['Weight', '1.2 kg'],
    ],
  ],
  [
    'b3',
    [
      ['Power', '1,000 W'],
      ['Speeds', '5'],
      ['Weight', '1.5 kg'],
    ],
  ],
  [
    'b4',
    [
      ['Power', '1200 W'],
      ['Speeds', '10'],
      ['Weight', '2 kg'],
    ],
  ],
  [
    'b5',
    [
      ['Power', '1500 W'],
      ['Speeds', '10'],
      ['Weight', '850 g'],
    ],
  ],
  [
    'b6',
    [
      ['Power', '1200 W'],
      ['Speeds', '2'],
    ],
  ],
];

/** Specification facets: which specifications a result offers as filters, their values and counts, and refining by them. */
function describeSpecFacets(label: string, env: () => Record<string, string>): void {
  describe(`specification facets (${label})`, () => {
    let search: SearchHarness;
    const inCategory =
      (categoryId: string) =>
      (facets: string[], refinements: Partial<Refinement>[] = []) =>
        search.client.searchProducts(
          SearchProductsRequest.fromPartial({
            country: 'CH',
            language: 'en',
            facets,
            refinements,
            filter: { categoryId },
            page: { page: 1, hitsPerPage: 20 },
          }),
        );
    const kettles = inCategory('kettles');
    const blenders = inCategory('blenders');
    const specs = (response: SearchProductsResponse) =>
      response.facets
        .filter((facet) => facet.name.startsWith('spec:'))
        .map((facet) => ({
          name: facet.name,
          label: facet.label,
          count: Number(facet.count),
          values: facet.values.map((v) => `${v.value}=${v.count}${v.selected ? '*' : ''}`),
        }));
    const ids = (response: SearchProductsResponse) => response.hits.map((hit) => hit.productId).sort();
    /** A specification's facet as a range-aware caller reads it. */
    const scale = (response: SearchProductsResponse, name: string) => {
      const facet = response.facets.find((f) => f.name === name);
      return facet
        ? {
            numeric: facet.numeric,
            unit: facet.unit,
            stats: facet.stats
              ? { min: facet.stats.min, max: facet.stats.max, count: Number(facet.stats.count) }
              : null,
            chosen: [facet.chosenMin ?? null, facet.chosenMax ?? null],
            values: facet.values.map((v) => `${v.value}=${v.count}${v.selected ? '*' : ''}#${v.number ?? '-'}`),
          }
        : null;
    };
    const refusal = (field: string) => ({
      code: status.INVALID_ARGUMENT,
      details: expect.stringContaining(field),
    });

    beforeAll(async () => {
      search = await startSearch(env());
      await search.publish(
        ...KETTLES.map(([id, features]) =>
          productCreated({
            id,
            names: { en: `Kettle ${id}` },
            path: [
              ['kitchen', 'Kitchen'],
              ['kettles', 'Kettles'],
            ],
            // Every kettle states its type: a value all share filters nothing.
            features: [['Type', 'Kettle'], ...features],
          }),
        ),
        ...BLENDERS.map(([id, features]) =>
          productCreated({
            id,
            names: { en: `Blender ${id}` },
            path: [
              ['kitchen', 'Kitchen'],
              ['blenders', 'Blenders'],
            ],
            features,
          }),
        ),
        productCreated({
          id: 'toaster',
          names: { en: 'Toaster' },
          path: [
            ['kitchen', 'Kitchen'],
            ['toasters', 'Toasters'],
          ],
          features: [
            ['Power', '900 W'],
            ['Slots', '2'],
          ],
        }),
      );
      await eventually(async () => {
        expect((await kettles([])).page?.total).toBe(KETTLES.length);
        expect((await blenders([])).page?.total).toBe(BLENDERS.length);
      }, 60_000);
    }, 120_000);

    afterAll(async () => {
      await search?.stop();
    });

    it('offers the specifications many of the result state, most stated first, values in natural order', async () => {
      expect(specs(await kettles(['spec']))).toEqual([
        {
          name: 'spec:power',
          label: 'Power',
          count: 7,
          values: ['500 W=1', '1000 W=1', '2000 W=3', '2200 W=1', '3000 W=1'],
        },
        { name: 'spec:capacity', label: 'Capacity', count: 5, values: ['0.5 l=1', '1 l=1', '1.5 l=1', '1.7 l=2'] },
        { name: 'spec:colour', label: 'Colour', count: 5, values: ['Black=3', 'Steel=1', 'White=1'] },
      ]);
    });

    it('answers them only when asked, and with every facet (*)', async () => {
      expect(specs(await kettles(['brand']))).toEqual([]);
      expect(specs(await kettles(['*'])).map((facet) => facet.name)).toEqual([
        'spec:power',
        'spec:capacity',
        'spec:colour',
      ]);
    });

    it('refines by a value; the refined specification keeps its other values to choose', async () => {
      const response = await kettles(['spec'], [{ facet: 'spec:power', values: ['2000 W'] }]);
      expect(ids(response)).toEqual(['k1', 'k4', 'k6']);
      expect(specs(response)).toEqual([
        {
          name: 'spec:power',
          label: 'Power',
          count: 3,
          values: ['500 W=1', '1000 W=1', '2000 W=3*', '2200 W=1', '3000 W=1'],
        },
        { name: 'spec:colour', label: 'Colour', count: 3, values: ['Black=2', 'Steel=1'] },
        { name: 'spec:capacity', label: 'Capacity', count: 2, values: ['1.5 l=1', '1.7 l=1'] },
        // One value, but not every product of the result states it: it still narrows the list.
        { name: 'spec:filter', label: 'Filter', count: 2, values: ['Limescale=2'] },
      ]);
    });

    it('ORs the values of one specification and ANDs specifications', async () => {
      const either = await kettles([], [{ facet: 'spec:colour', values: ['Black', 'White'] }]);
      expect(ids(either)).toEqual(['k1', 'k2', 'k3', 'k6']);
      const both = await kettles(
        [],
        [
          { facet: 'spec:colour', values: ['Black', 'White'] },
          { facet: 'spec:power', values: ['2000 W'] },
        ],
      );
      expect(ids(both)).toEqual(['k1', 'k6']);
    });

    it('keeps a chosen value no product has any more, so it can be taken back', async () => {
      const response = await kettles(['spec'], [{ facet: 'spec:colour', values: ['Purple'] }]);
      expect(response.page?.total).toBe(0);
      expect(specs(response)).toEqual([
        { name: 'spec:colour', label: 'Colour', count: 0, values: ['Black=3', 'Purple=0*', 'Steel=1', 'White=1'] },
      ]);
    });

    it('says which specifications are numeric: their unit, the stats and each value as a number', async () => {
      const response = await blenders(['spec']);
      expect(scale(response, 'spec:power')).toEqual({
        numeric: true,
        unit: 'W',
        stats: { min: 500, max: 1500, count: 6 },
        chosen: [null, null],
        values: ['500 W=1#500', '800 W=1#800', '1,000 W=1#1000', '1200 W=2#1200', '1500 W=1#1500'],
      });
      expect(response.facets.find((f) => f.name === 'spec:power')?.stats?.avg).toBeCloseTo(6200 / 6, 9);
      expect(scale(response, 'spec:speeds')).toMatchObject({
        numeric: true,
        unit: '',
        stats: { min: 2, max: 10, count: 6 },
        values: ['2=2#2', '5=2#5', '10=2#10'],
      });
      // Grams and kilograms: no one scale, so a list of values as before.
      expect(scale(response, 'spec:weight')).toEqual({
        numeric: false,
        unit: '',
        stats: null,
        chosen: [null, null],
        values: ['1.2 kg=1#-', '1.5 kg=1#-', '2 kg=1#-', '850 g=1#-', '900 g=1#-'],
      });
    });

    it('refines by a range: the products whose value lies within it, its values in it selected', async () => {
      const response = await blenders(['spec'], [{ facet: 'spec:power', values: ['800..1200'] }]);
      expect(ids(response)).toEqual(['b2', 'b3', 'b4', 'b6']);
      expect(scale(response, 'spec:power')).toEqual({
        numeric: true,
        unit: 'W',
        // Counted without its own refinement, as a facet is.
        stats: { min: 500, max: 1500, count: 6 },
        chosen: [800, 1200],
        values: ['500 W=1#500', '800 W=1*#800', '1,000 W=1*#1000', '1200 W=2*#1200', '1500 W=1#1500'],
      });
      expect(scale(response, 'spec:speeds')?.values).toEqual(['2=1#2', '5=2#5', '10=1#10']);
      expect((await blenders([], [{ facet: 'spec:power', values: ['1200..'] }])).page?.total).toBe(3);
      expect(ids(await blenders([], [{ facet: 'spec:power', values: ['1200..'] }]))).toEqual(['b4', 'b5', 'b6']);
      expect(ids(await blenders([], [{ facet: 'spec:power', values: ['..800'] }]))).toEqual(['b1', 'b2']);
      expect(ids(await blenders([], [{ facet: 'spec:power', values: ['1250..1400'] }]))).toEqual([]);
    });

    it('ANDs a range with the other specifications, ranges included', async () => {
      const withValues = await blenders(
        [],
        [
          { facet: 'spec:power', values: ['800..1200'] },
          { facet: 'spec:weight', values: ['1.2 kg', '2 kg'] },
        ],
      );
      expect(ids(withValues)).toEqual(['b2', 'b4']);
      const twoRanges = await blenders(
        ['spec'],
        [
          { facet: 'spec:power', values: ['800..1500'] },
          { facet: 'spec:speeds', values: ['5..'] },
        ],
      );
      expect(ids(twoRanges)).toEqual(['b2', 'b3', 'b4', 'b5']);
      // Each counted without its own range but with the other.
      expect(scale(twoRanges, 'spec:power')).toMatchObject({
        stats: { min: 800, max: 1500, count: 4 },
        chosen: [800, 1500],
        values: ['800 W=1*#800', '1,000 W=1*#1000', '1200 W=1*#1200', '1500 W=1*#1500'],
      });
      expect(scale(twoRanges, 'spec:speeds')).toMatchObject({
        chosen: [5, null],
        values: ['2=1#2', '5=2*#5', '10=2*#10'],
      });
    });

    it('a range over a specification of two units selects nothing, and is echoed to be taken back', async () => {
      const response = await blenders(['spec'], [{ facet: 'spec:weight', values: ['1..2'] }]);
      expect(response.page?.total).toBe(0);
      expect(scale(response, 'spec:weight')).toMatchObject({ numeric: false, chosen: [1, 2] });
      expect(scale(response, 'spec:weight')?.values.some((value) => value.includes('*'))).toBe(false);
    });

    it('refuses a range mixed with values, a malformed range and min over max, naming the field', async () => {
      const power = (...values: string[]) => blenders([], [{ facet: 'spec:power', values }]);
      await expect(power('800 W', '800..1200')).rejects.toMatchObject(refusal('refinements[0].values[1]'));
      await expect(power('800..1200', '1500 W')).rejects.toMatchObject(refusal('refinements[0].values[1]'));
      await expect(power('800..', '..1200')).rejects.toMatchObject(refusal('refinements[0].values[1]'));
      await expect(
        blenders(
          [],
          [
            { facet: 'spec:power', values: ['800..'] },
            { facet: 'spec:power', values: ['1500 W'] },
          ],
        ),
      ).rejects.toMatchObject(refusal('refinements[1].values[0]'));
      await expect(power('abc..5')).rejects.toMatchObject(refusal('refinements[0].values[0]'));
      await expect(power('800,5..1200')).rejects.toMatchObject(refusal('refinements[0].values[0]'));
      await expect(power('..')).rejects.toMatchObject(refusal('refinements[0].values[0]'));
      await expect(power('Infinity..')).rejects.toMatchObject(refusal('refinements[0].values[0]'));
      await expect(power('1200..800')).rejects.toMatchObject(refusal('refinements[0].values[0]'));
    });

    it('refuses a malformed specification or an overlong value, naming the field', async () => {
      await expect(kettles([], [{ facet: 'spec:Power!', values: ['2000 W'] }])).rejects.toMatchObject({
        code: status.INVALID_ARGUMENT,
        details: expect.stringContaining('refinements[0].facet'),
      });
      await expect(kettles([], [{ facet: 'spec:power', values: ['x'.repeat(101)] }])).rejects.toMatchObject({
        code: status.INVALID_ARGUMENT,
        details: expect.stringContaining('refinements[0].values[0]'),
      });
    });
  });
}

afterAll(() => closeAllChannels());

describeSpecFacets('embedded', () => ({}));

describeWithEngine('ELASTICSEARCH_URL', 'specification facets on Elasticsearch', (url) => {
  const prefix = uniquePrefix('search-specs');
  afterAll(() => deleteIndices(url, prefix));
  describeSpecFacets('elasticsearch', () => ({
    SEARCH_INDEX: 'elasticsearch',
    ELASTICSEARCH_URL: url,
    SEARCH_INDEX_PREFIX: prefix,
  }));
});
