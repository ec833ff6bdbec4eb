import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { openDocumentStore } from '@pc/engine-profile/open-document-store';
import { openSearchIndex } from '@pc/engine-profile/open-search-index';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { deleteIndices, uniquePrefix } from '@pc/elasticsearch-search-index/testing/es-test-indices';
import { loadConfig } from '@pc/kit/config/load-config';
import { toRecord, type PendingEvent } from '@pc/kit/events/publisher';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import type { ProductChanged } from '@pc/proto/catalog/events/v1/events';
import { SearchCategoriesRequest } from '@pc/proto/search/v1/search';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { searchConfigSchema } from './config.js';
import type { CategoryDocument } from './domain/category-document.js';
import { openSearchIndices } from './store/search-indices.js';
import { searchCopy } from './store/search-copy.js';
import { eventually } from './testing/eventually.js';
import { categoryChanged, productChanged, productCreated } from './testing/event-fixtures.js';
import { startSearch, type SearchHarness } from './testing/search-harness.js';

const KITCHEN: (readonly [string, string])[] = [
  ['household', 'Household'],
  ['kitchen', 'Kitchen'],
];
const COFFEE = [...KITCHEN, ['coffee', 'Coffee Makers'] as const];
const KETTLES = [...KITCHEN, ['kettles', 'Kettles'] as const];

/** A later change of the kettle, whose breadcrumbs count `count` products in each category. */
function kettleCounting(count: number): PendingEvent<ProductChanged> {
  const event = productChanged({ id: 'p2', version: 2, names: { en: 'Kettle' }, path: KETTLES });
  const product = event.payload.product;
  if (!product) throw new Error('the fixture has no product');
  const breadcrumbs = product.breadcrumbs.map((step) => ({ ...step, productsCount: count }));
  return { ...event, payload: { ...event.payload, product: { ...product, breadcrumbs } } };
}

/**
 * Category documents an older release derived (before ADR 130: no `ancestor_names`, no mark of
 * their derivation) are derived again at start from the side state (ADR 141).
 */
function describeDerivedAgain(label: string, env: () => Record<string, string>): void {
  describe(`category documents of an older release derived again at start (${label})`, () => {
    let dataDir: string;
    let search: SearchHarness | null = null;
    const logger = pino({ level: 'silent' });
    const config = () => loadConfig(searchConfigSchema, { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: dataDir, ...env() });
    const categories = (query: string) =>
      search?.client.searchCategories(
        SearchCategoriesRequest.fromPartial({ language: 'de', query, page: { page: 1, hitsPerPage: 24 } }),
      );
    const found = async (query: string) => {
      const [first, ...below] = (await categories(query))?.hits.map((hit) => hit.name) ?? [];
      return [first, below.sort()];
    };

    /** The indices and the side state as the release before left them. */
    async function asAnOlderReleaseLeftThem(): Promise<void> {
      const engine = await openSearchIndex(config(), config().SEARCH_INDEX_PREFIX, logger);
      const { categories: index } = await openSearchIndices(engine);
      const ids = await index.idsAfter('', 1_000);
      expect(ids.sort()).toEqual(['coffee', 'household', 'kettles', 'kitchen']);
      const docs = await Promise.all(ids.map((id) => index.get(id)));
      await index.upsert(
        docs.flatMap((doc) => {
          if (!doc) return [];
          const { ancestor_names: _names, ...older } = doc;
          return [older as CategoryDocument];
        }),
      );
      await index.refresh();
      await engine.close();
      // It recorded no derivation.
      const documents = await openDocumentStore(config(), searchCopy(config().SEARCH_INDEX_PREFIX).store, logger);
      await (await documents.collection({ name: 'derivations' })).delete('categories');
      await documents.close();
    }

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'search-derivation-'));
      search = await startSearch(env(), dataDir);
      await search.publish(
        categoryChanged('household', { version: 2, names: { en: 'Household', de: 'Haushalt' } }),
        categoryChanged('kitchen', { version: 2, names: { en: 'Kitchen', de: 'Küche' }, ancestorIds: ['household'] }),
        categoryChanged('coffee', {
          version: 2,
          names: { en: 'Coffee Makers', de: 'Kaffeemaschinen' },
          ancestorIds: ['household', 'kitchen'],
        }),
        categoryChanged('kettles', {
          version: 2,
          names: { en: 'Kettles', de: 'Wasserkocher' },
          ancestorIds: ['household', 'kitchen'],
        }),
      );
      await search.publish(
        productCreated({ id: 'p1', names: { en: 'Coffee maker' }, path: COFFEE }),
        productCreated({ id: 'p2', names: { en: 'Kettle' }, path: KETTLES }),
      );
      await eventually(async () =>
        expect(await found('Haushalt')).toEqual(['Haushalt', ['Kaffeemaschinen', 'Küche', 'Wasserkocher']]),
      );
      await search.stop();
      search = null;
      await asAnOlderReleaseLeftThem();
    });
    afterAll(async () => {
      await search?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("finds every category by its ancestors' names after the start, keeping what an event wrote meanwhile", async () => {
      // A product event waiting in the log, applied while the pass runs: it writes the kettles'
      // path anew (counting 11 products), the coffee makers' document is the pass's alone.
      const producer = await openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite'), logger });
      await producer.publish([toRecord('catalog', kettleCounting(11))]);
      await producer.close();

      search = await startSearch(env(), dataDir);
      await eventually(async () =>
        expect(await found('Haushalt')).toEqual(['Haushalt', ['Kaffeemaschinen', 'Küche', 'Wasserkocher']]),
      );
      expect(await found('Küche')).toEqual(['Küche', ['Kaffeemaschinen', 'Wasserkocher']]);
      // The event's documents as it wrote them: its counts, the ancestors' names.
      const counted = async (query: string) =>
        (await categories(query))?.hits.map((hit) => [hit.categoryId, hit.productsCount]);
      await eventually(async () => expect(await counted('Wasserkocher')).toEqual([['kettles', 11]]));
      expect(await counted('Haushalt')).toEqual(
        expect.arrayContaining([
          ['household', 11],
          ['kitchen', 11],
          ['kettles', 11],
          ['coffee', 10],
        ]),
      );
    });
  });
}

afterAll(() => closeAllChannels());

describeDerivedAgain('embedded', () => ({}));

describeWithEngine('ELASTICSEARCH_URL', 'category documents derived again on Elasticsearch', (url) => {
  const prefix = uniquePrefix('search-derived-again');
  afterAll(() => deleteIndices(url, prefix));
  describeDerivedAgain('elasticsearch', () => ({
    SEARCH_INDEX: 'elasticsearch',
    ELASTICSEARCH_URL: url,
    SEARCH_INDEX_PREFIX: prefix,
  }));
});
