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

/** Specification facets: which specifications a result offers as filters, their values and counts, and refining by them. */
function describeSpecFacets(label: string, env: () => Record<string, string>): void {
  describe(`specification facets (${label})`, () => {
    let search: SearchHarness;
    const kettles = (facets: string[], refinements: Partial<Refinement>[] = []) =>
      search.client.searchProducts(
        SearchProductsRequest.fromPartial({
          country: 'CH',
          language: 'en',
          facets,
          refinements,
          filter: { categoryId: 'kettles' },
          page: { page: 1, hitsPerPage: 20 },
        }),
      );
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
      await eventually(async () => expect((await kettles([])).page?.total).toBe(KETTLES.length), 60_000);
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
