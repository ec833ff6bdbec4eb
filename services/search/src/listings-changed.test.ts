import { pino } from 'pino';
import { Events } from '@pc/proto/event-catalog';
import { SearchProductsRequest } from '@pc/proto/search/v1/search';
import { deleteIndices, uniquePrefix } from '@pc/elasticsearch-search-index/testing/es-test-indices';
import { on, subscribeEvents } from '@pc/kit/events/subscriber';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import type { Subscription } from '@pc/kit/ports/event-bus';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { priceChanged, productCreated } from './testing/event-fixtures.js';
import { eventually } from './testing/eventually.js';
import { startSearch, type SearchHarness } from './testing/search-harness.js';

const silent = pino({ level: 'silent' });
const kettle = { id: 'p-kettle', names: { en: 'Steel kettle' }, path: [['kitchen', 'Kitchen']] as const };
const price = (version: number, lowest: number) =>
  priceChanged({ productId: 'p-kettle', country: 'CH', version, lowest, offers: 2, inStock: 2 });

// What the site's cached list pages hear (ADR 084): which products search now lists differently.
function describeListingsChanged(label: string, env: () => Record<string, string>): void {
  describe(`ListingsChanged (${label})`, () => {
    let search: SearchHarness;
    let subscription: Subscription | null = null;
    /** For each ListingsChanged naming the kettle: the kettle's price a search made on hearing it answers. */
    const pricesHeard: (number | undefined)[] = [];
    const listedPrice = async () =>
      (
        await search.client.searchProducts(
          SearchProductsRequest.fromPartial({ query: 'kettle', country: 'CH', language: 'en' }),
        )
      ).hits[0]?.lowestPrice?.amountMinor;

    beforeAll(async () => {
      search = await startSearch(env());
      subscription = await subscribeEvents(search.bus, {
        group: 'test-listings',
        logger: silent,
        fromBeginning: false,
        handlers: [
          on(Events.listingsChanged, async (event) => {
            if (event.productIds.includes('p-kettle')) pricesHeard.push(await listedPrice());
          }),
        ],
      });
    });
    afterAll(async () => {
      await subscription?.stop();
      await search?.stop();
    });

    it('names a product once search answers its new price, and again at its next price', async () => {
      await search.publish(productCreated(kettle), price(1, 4_900));
      await eventually(async () => expect(pricesHeard.at(-1)).toBe(4_900));
      pricesHeard.length = 0;
      await search.publish(price(2, 4_500));
      await eventually(async () => expect(pricesHeard.length).toBeGreaterThan(0));
      // One notice, sent once the new price was searchable: a page rendered on hearing it lists 45.00.
      expect(pricesHeard).toEqual([4_500]);
    });
  });
}

afterAll(() => closeAllChannels());

describeListingsChanged('embedded', () => ({}));

describeWithEngine('ELASTICSEARCH_URL', 'ListingsChanged on Elasticsearch', (url) => {
  const prefix = uniquePrefix('search-listings');
  afterAll(() => deleteIndices(url, prefix));
  describeListingsChanged('elasticsearch', () => ({
    SEARCH_INDEX: 'elasticsearch',
    ELASTICSEARCH_URL: url,
    SEARCH_INDEX_PREFIX: prefix,
  }));
});
