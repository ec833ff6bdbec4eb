import { hostname } from 'node:os';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { deleteIndices, uniquePrefix } from '@pc/elasticsearch-search-index/testing/es-test-indices';
import { openDocumentStore } from '@pc/engine-profile/open-document-store';
import { openSearchIndex } from '@pc/engine-profile/open-search-index';
import { JobBook } from '@pc/jobs/job-book';
import { loadConfig } from '@pc/kit/config/load-config';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient } from '@pc/kit/grpc/client';
import { SEARCH_LANGUAGES } from '@pc/kit/ports/search-index';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { UpdateProductRequest } from '@pc/proto/catalog/v1/catalog';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import {
  IndexKind,
  SearchBrandsRequest,
  SearchCategoriesRequest,
  SearchProductsRequest,
  SearchShopsRequest,
  SuggestRequest,
} from '@pc/proto/search/v1/search';
import { SuggestionKind } from '@pc/proto/search/v1/types';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { JobsServiceService } from '@pc/proto/staff/v1/jobs';
import { OffersHarness } from '../../offers/src/test-support/offers-harness.js';
import { directoryShop, HEADPHONES, observation, SPEAKER } from '../../offers/src/test-support/observations.js';
import { searchConfigSchema } from './config.js';
import { CATEGORY_INDEX_SCHEMA, COMPLETION_INDEX_SCHEMA, SHOP_INDEX_SCHEMA } from './domain/entity-schemas.js';
import { PRODUCT_INDEX_SCHEMA } from './domain/product-fields.js';
import { ownerStreamsOf, type OwnerStreams } from './rebuild/owner-streams.js';
import { searchCopy } from './store/search-copy.js';
import { eventually } from './testing/eventually.js';
import { offerChanged, priceChanged, productCreated, shopChanged } from './testing/event-fixtures.js';
import { PausedStreams } from './testing/paused-streams.js';
import { startSearch, type SearchHarness } from './testing/search-harness.js';

/** What visitors see: each brand's product with its price in CH, who sells in DE, brands, categories, completions. */
async function state(search: SearchHarness) {
  const products = async (country: string) =>
    (
      await search.client.searchProducts(
        SearchProductsRequest.fromPartial({
          language: 'en',
          country,
          filter: { withOffersOnly: country === 'DE' },
          page: { page: 1, hitsPerPage: 100 },
        }),
      )
    ).hits;
  const everything = { language: 'en', page: { page: 1, hitsPerPage: 100 } };
  const completions = async (prefix: string) =>
    (
      await search.client.suggest(
        SuggestRequest.fromPartial({ prefix, language: 'en', kinds: [SuggestionKind.SUGGESTION_KIND_QUERY] }),
      )
    ).groups.flatMap((group) => group.suggestions.map((suggestion) => suggestion.text));
  const shopFacet = (
    await search.client.searchProducts(
      SearchProductsRequest.fromPartial({ language: 'en', country: 'CH', facets: ['shop'] }),
    )
  ).facets[0]?.values.map((value) => `${value.label}: ${value.count}`);
  return {
    shops: (await search.client.searchShops(SearchShopsRequest.fromPartial(everything))).hits.map((hit) => hit.name),
    shopFacet,
    ch: Object.fromEntries(
      (await products('CH')).map((hit) => [hit.brandName, `${hit.name}: ${hit.lowestPrice?.amountMinor ?? '-'}`]),
    ),
    de: (await products('DE')).map((hit) => hit.brandName),
    brands: (await search.client.searchBrands(SearchBrandsRequest.fromPartial(everything))).hits
      .map((hit) => hit.name)
      .sort(),
    categories: (await search.client.searchCategories(SearchCategoriesRequest.fromPartial(everything))).hits
      .map((hit) => hit.name)
      .sort(),
    completions: [...(await completions('son')), ...(await completions('gho'))],
  };
}
type State = Awaited<ReturnType<typeof state>>;

/**
 * RebuildIndex over the owners' real services: catalog, offers and accounts (OffersHarness) on one
 * event log, search on the same log, their products made as the platform makes them (a shop's
 * observations, matched in catalog, summarised by offers). `env` picks the search engine.
 */
function describeOwnersRebuild(label: string, env: Record<string, string>): void {
  describe(`rebuilding the indices from the owners' streams (${label})`, () => {
    let h: OffersHarness;
    /** The owners' streams as search reads them, which a test pauses mid-rebuild. */
    let streams: PausedStreams;
    let shopId = '';
    let headphonesId = '';
    /** What the indices answered once search had applied the owners' events. */
    let indexed: State;

    const withSearch = async <T>(
      use: (search: SearchHarness) => Promise<T>,
      options: { readonly env?: Record<string, string>; readonly streams?: OwnerStreams | null } = {},
    ): Promise<T> => {
      const ownerStreams = options.streams === undefined ? streams : (options.streams ?? undefined);
      const search = await startSearch(
        { ...env, ACCOUNTS_GRPC_ADDR: h.accountsAddress, ...options.env },
        h.dataDir,
        ownerStreams ? { ownerStreams } : {},
      );
      try {
        return await use(search);
      } finally {
        await search.stop();
      }
    };
    const rebuild = async (search: SearchHarness) =>
      (await search.client.rebuildIndex({ actorUserId: h.staffUserId, index: IndexKind.INDEX_KIND_UNSPECIFIED }))
        .rebuildId;
    const jobsOf = (search: SearchHarness) => createServiceClient(JobsServiceService, search.address);
    const job = async (search: SearchHarness, jobId: string) =>
      (await jobsOf(search).getJob({ actorUserId: h.staffUserId, jobId })).job;
    const succeeded = (search: SearchHarness, jobId: string) =>
      eventually(async () => {
        const done = await job(search, jobId);
        expect(done?.state).toBe('succeeded');
        return done;
      }, 20_000);

    /** What a lost disk, a restore or a bug does to search's copy of a product: side state and documents gone. */
    const loseProduct = async (productId: string) => {
      const config = loadConfig(searchConfigSchema, { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: h.dataDir, ...env });
      const documents = await openDocumentStore(config, searchCopy(config.SEARCH_INDEX_PREFIX).store);
      const sources = await documents.collection({ name: 'sources' });
      await sources.delete(`product:${productId}`);
      await sources.delete(`price:${productId}`);
      await documents.close();
      const engine = await openSearchIndex(config, config.SEARCH_INDEX_PREFIX);
      const [products, completions] = await Promise.all([
        engine.index(PRODUCT_INDEX_SCHEMA),
        engine.index(COMPLETION_INDEX_SCHEMA),
      ]);
      await products.delete([productId]);
      await completions.delete(SEARCH_LANGUAGES.map((language) => `${productId}:${language}`));
      await Promise.all([products.refresh(), completions.refresh()]);
      await engine.close();
    };

    /** What a lost disk does to search's copy of the shops and offers: their records and the shops' documents gone. */
    const loseShopsAndOffers = async () => {
      const config = loadConfig(searchConfigSchema, { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: h.dataDir, ...env });
      const documents = await openDocumentStore(config, searchCopy(config.SEARCH_INDEX_PREFIX).store);
      const sources = await documents.collection({ name: 'sources' });
      const held = await sources.find({ kind: { $in: ['offer', 'shop'] } });
      for (const doc of held) await sources.delete(doc._id);
      await documents.close();
      const engine = await openSearchIndex(config, config.SEARCH_INDEX_PREFIX);
      const shops = await engine.index(SHOP_INDEX_SCHEMA);
      await shops.delete([shopId]);
      await shops.refresh();
      await engine.close();
      return held.length;
    };

    /**
     * What search holds of categories made before catalog announced categories: no names but the
     * English ones of its products' events (the side state's category records and documents gone;
     * a product's event writes the documents again).
     */
    const loseCategoryNames = async () => {
      const config = loadConfig(searchConfigSchema, { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: h.dataDir, ...env });
      const documents = await openDocumentStore(config, searchCopy(config.SEARCH_INDEX_PREFIX).store);
      const sources = await documents.collection({ name: 'sources' });
      for (const doc of await sources.find({ kind: 'category' })) await sources.delete(doc._id);
      await documents.close();
      const engine = await openSearchIndex(config, config.SEARCH_INDEX_PREFIX);
      const categories = await engine.index(CATEGORY_INDEX_SCHEMA);
      await categories.delete(await categories.idsAfter('', 1_000));
      await categories.refresh();
      await engine.close();
    };
    const germanCategories = async (search: SearchHarness, query: string) =>
      (
        await search.client.searchCategories(
          SearchCategoriesRequest.fromPartial({ query, language: 'de', page: { page: 1, hitsPerPage: 24 } }),
        )
      ).hits.map((hit) => hit.name);

    /** Events of a catalog and offers state the owners no longer hold (restored from an old backup, say). */
    const ghosts = (productId: string) => [
      productCreated({
        id: productId,
        names: { en: 'Ghost Earbuds' },
        brand: { slug: 'ghostbrand', name: 'Ghostbrand' },
        path: [['c-ghost', 'Ghost Gear']],
      }),
      priceChanged({ productId, country: 'CH', version: 1, lowest: 9_900, offers: 1, inStock: 1 }),
      // A price in a country offers has none for this product.
      priceChanged({ productId: headphonesId, country: 'DE', version: 1, lowest: 33_000, offers: 1, inStock: 1 }),
    ];
    const haunted = (): Partial<State> => ({
      ch: { ...indexed.ch, Ghostbrand: 'Ghost Earbuds: 9900' },
      de: ['Sony'],
      brands: ['Ghostbrand', ...indexed.brands].sort(),
    });

    beforeAll(async () => {
      h = await OffersHarness.start();
      streams = new PausedStreams(ownerStreamsOf(h.catalog, h.offers));
      shopId =
        (await h.offers.registerShop(directoryShop('Alpha Audio', 'alpha-audio.ch', ['CH'], h.staffUserId))).shop?.id ??
        '';
      // The headphones in Google's category 505771, which catalog names in every language.
      await h.observe(
        observation(shopId, 'A', HEADPHONES, 34_900, { googleProductCategoryId: 505771 }),
        observation(shopId, 'B', SPEAKER, 14_900),
      );
      indexed = await withSearch((search) =>
        eventually(async () => {
          const now = await state(search);
          expect(Object.keys(now.ch).sort()).toEqual(['JBL', 'Sony']);
          expect(Object.values(now.ch).map((hit) => hit.split(': ')[1])).toEqual(
            expect.arrayContaining(['34900', '14900']),
          );
          expect(now.brands).toEqual(['JBL', 'Sony']);
          expect(now.completions.length).toBeGreaterThan(0);
          // The shop's document and both offers in the facet, which Elasticsearch shows after a refresh.
          expect(now.shops).toEqual(['Alpha Audio']);
          expect(now.shopFacet).toEqual(['Alpha Audio: 2']);
          const hits = await search.client.searchProducts(
            SearchProductsRequest.fromPartial({ query: 'sony', language: 'en', country: 'CH' }),
          );
          headphonesId = hits.hits[0]?.productId ?? '';
          return now;
        }, 20_000),
      );
    }, 60_000);
    afterAll(() => h?.stop());

    it('brings back a product whose side state and documents were lost, as catalog and offers hold it, and audits it', async () => {
      await loseProduct(headphonesId);
      await withSearch(async (search) => {
        expect(Object.keys((await state(search)).ch)).toEqual(['JBL']);
        const jobId = await rebuild(search);
        expect(jobId).toMatch(/^job_/);
        const done = await succeeded(search, jobId);
        expect(done?.logLines.join('\n')).toContain('2 products written; every index rebuilt');
        expect(await state(search)).toEqual(indexed);
        const status = await search.client.getIndexStatus({ actorUserId: h.staffUserId });
        expect(status.indices.every((index) => index.rebuildId === '')).toBe(true);
        const audit = createServiceClient(AuditServiceService, search.address);
        const entries = await audit.listAuditEntries({
          actorUserId: h.staffUserId,
          panel: 'infrastructure',
          entityType: '',
          entityId: '',
          byUserId: '',
          action: 'search-index.rebuild',
          page: { page: 1, hitsPerPage: 10 },
        });
        expect(entries.entries.map((entry) => JSON.parse(entry.afterJson).rebuildId)).toContain(jobId);
      });
    });

    it("names the categories in every language from catalog's tree where search has only their English names", async () => {
      await withSearch(async (search) => {
        expect(await germanCategories(search, 'Kopfhörer')).toEqual(['Kopfhörer & Headsets']);
        // Found by its parent's German name too (ADR 130).
        expect(await germanCategories(search, 'Elektronik')).toContain('Kopfhörer & Headsets');
      });
      await loseCategoryNames();
      await withSearch(async (search) => {
        await h.catalog.updateProduct(
          UpdateProductRequest.fromPartial({ productId: headphonesId, actorUserId: h.staffUserId, mpn: 'WH-1000XM5' }),
        );
        await eventually(async () => expect((await state(search)).categories).toEqual(indexed.categories), 20_000);
        expect(await germanCategories(search, 'Kopfhörer')).toEqual([]);
        expect(await germanCategories(search, 'headphones')).not.toContain('Kopfhörer & Headsets');
        const done = await succeeded(search, await rebuild(search));
        expect(done?.logLines.join('\n')).toMatch(/[1-9]\d* categories named in every language/);
        expect(await germanCategories(search, 'Kopfhörer')).toEqual(['Kopfhörer & Headsets']);
        expect(await germanCategories(search, 'Elektronik')).toContain('Kopfhörer & Headsets');
        expect(await state(search)).toEqual(indexed);
      });
    });

    it('removes what the owners do not hold: a product with its brand, category and completions, a price of a country', async () => {
      await withSearch(async (search) => {
        await search.publish(...ghosts('p-ghost'));
        await eventually(async () => {
          const now = await state(search);
          expect(now).toMatchObject(haunted());
          expect(now.categories).toContain('Ghost Gear');
          expect(now.completions).toContain('Ghost Earbuds');
        });
        await succeeded(search, await rebuild(search));
        expect(await state(search)).toEqual(indexed);
      });
    });

    it('brings back the shops and offers whose side state and documents were lost: the shops list and the shop facet', async () => {
      expect(indexed.shops).toEqual(['Alpha Audio']);
      expect(indexed.shopFacet).toEqual(['Alpha Audio: 2']);
      expect(await loseShopsAndOffers()).toBe(3);
      await withSearch(async (search) => {
        // A product event derives its document again from what is left: no shop offers it.
        await h.catalog.updateProduct(
          UpdateProductRequest.fromPartial({ productId: headphonesId, actorUserId: h.staffUserId, mpn: 'WH1000XM5' }),
        );
        await eventually(async () => {
          const now = await state(search);
          expect(now.shops).toEqual([]);
          // The shop's name went with its document: the facet shows its id.
          expect(now.shopFacet).toEqual([`${shopId}: 1`]);
        });
        const done = await succeeded(search, await rebuild(search));
        expect(done?.logLines.join('\n')).toContain('2 offers and 1 listed shops read from their owners');
        expect(await state(search)).toEqual(indexed);
      });
    });

    it('takes off what offers does not list: a shop it never listed, an offer it does not hold', async () => {
      await withSearch(async (search) => {
        await search.publish(
          shopChanged('s-ghost', { name: 'Ghost Shop', countries: ['CH'], version: 1, offersCount: 1 }),
          offerChanged('o-ghost', { productId: headphonesId, shopId: 's-ghost', country: 'CH', version: 1 }),
        );
        await eventually(async () => {
          const now = await state(search);
          expect(now.shops).toEqual(['Alpha Audio', 'Ghost Shop']);
          expect(now.shopFacet).toEqual(expect.arrayContaining(['Ghost Shop: 1']));
        });
        const done = await succeeded(search, await rebuild(search));
        expect(done?.logLines.join('\n')).toContain('and 1 offers no owner holds; 1 shops offers does not list');
        expect(await state(search)).toEqual(indexed);
      });
    });

    it('keeps what events applied while the rebuild ran changed, over the older values it had read', async () => {
      await withSearch(async (search) => {
        streams.pause();
        const jobId = await rebuild(search);
        try {
          // Both owners read (the old name and price), nothing merged yet: catalog renames the
          // headphones, a shop lowers their price, and search applies both events meanwhile.
          await streams.bothHeld();
          await h.catalog.updateProduct(
            UpdateProductRequest.fromPartial({
              productId: headphonesId,
              actorUserId: h.staffUserId,
              texts: [{ language: 'en', name: 'Sony WH-1000XM5 Midnight', description: '' }],
              language: 'en',
            }),
          );
          await h.observe(observation(shopId, 'A', HEADPHONES, 32_900));
          await eventually(async () => expect((await state(search)).ch.Sony).toBe('Sony WH-1000XM5 Midnight: 32900'));
        } finally {
          streams.resume();
        }
        await succeeded(search, jobId);
        const after = await state(search);
        expect(after.ch).toEqual({ ...indexed.ch, Sony: 'Sony WH-1000XM5 Midnight: 32900' });
        indexed = after;
      });
    });

    it('leaves the indices as they were when an owner cannot be reached midway, and fails the job with the reason', async () => {
      await withSearch(async (search) => {
        await search.publish(...ghosts('p-ghost-2'));
        await eventually(async () => expect(await state(search)).toMatchObject(haunted()));
      });
      const before = await withSearch(state);
      // Catalog answers; offers is not there.
      const offline = ownerStreamsOf(h.catalog, createServiceClient(OffersServiceService, '127.0.0.1:1'));
      await withSearch(
        async (search) => {
          const jobId = await rebuild(search);
          for (let attempt = 1; attempt <= 3; attempt++) {
            const failed = await eventually(async () => {
              const now = await job(search, jobId);
              expect(now).toMatchObject({ attempts: attempt, state: attempt < 3 ? 'retrying' : 'failed' });
              return now;
            }, 20_000);
            // Whichever of offers' streams fails first names itself.
            expect(failed?.error).toMatch(/offers' (StreamProductPriceSummaries|StreamOffers|ListShops) failed/);
            // Staff do not wait for the backoff.
            if (attempt < 3) await jobsOf(search).runJobNow({ actorUserId: h.staffUserId, jobId });
          }
          expect(await state(search)).toEqual(before);
        },
        { streams: offline },
      );
      // The owners' addresses come from the configuration: none listening there fails alike.
      await withSearch(
        async (search) => {
          const jobId = await rebuild(search);
          const failed = await eventually(async () => {
            const now = await job(search, jobId);
            expect(now?.state).toBe('retrying');
            return now;
          }, 20_000);
          // Whichever owner's call fails first names itself (catalog's category trees among them).
          expect(failed?.error).toMatch(
            /(catalog's (StreamProducts|GetCategoryTree)|offers' (StreamProductPriceSummaries|StreamOffers|ListShops)) failed/,
          );
          await jobsOf(search).cancelJob({ actorUserId: h.staffUserId, jobId });
          expect(await state(search)).toEqual(before);
        },
        { streams: null, env: { CATALOG_GRPC_ADDR: '127.0.0.1:1', OFFERS_GRPC_ADDR: '127.0.0.1:1' } },
      );
      // Reachable again, the owners' state is back.
      await withSearch(async (search) => {
        await succeeded(search, await rebuild(search));
        expect(await state(search)).toEqual(indexed);
      });
    });

    it('runs a rebuild again after search stopped in the middle of it', async () => {
      await loseProduct(headphonesId);
      // What a crash mid-rebuild leaves in search's store: the job running on this host.
      const config = loadConfig(searchConfigSchema, { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: h.dataDir, ...env });
      const documents = await openDocumentStore(config, searchCopy(config.SEARCH_INDEX_PREFIX).store);
      const book = await JobBook.open(documents, 'search', () => new Date());
      const queued = await book.enqueue('search.rebuild-index', {}, 3);
      await book.jobs.update(queued._id, (current) =>
        current
          ? { ...current, state: 'running', attempts: 1, worker: process.env.HOSTNAME ?? hostname(), runToken: 't' }
          : null,
      );
      await documents.close();

      await withSearch(async (search) => {
        const done = await succeeded(search, queued._id);
        expect(done).toMatchObject({ attempts: 2 });
        expect(done?.logLines.join('\n')).toContain('resumed');
        expect(await state(search)).toEqual(indexed);
      });
    });

    it('refuses a second rebuild while one waits to retry, and lets staff cancel and retry it', async () => {
      await loseProduct(headphonesId);
      const config = loadConfig(searchConfigSchema, { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: h.dataDir, ...env });
      const documents = await openDocumentStore(config, searchCopy(config.SEARCH_INDEX_PREFIX).store);
      const book = await JobBook.open(documents, 'search', () => new Date());
      const waiting = await book.enqueue('search.rebuild-index', {}, 3, { runAt: new Date(Date.now() + 3_600_000) });
      await book.jobs.update(waiting._id, (current) =>
        current ? { ...current, state: 'retrying', attempts: 1, error: 'catalog did not answer' } : null,
      );
      await documents.close();

      await withSearch(async (search) => {
        const status = await search.client.getIndexStatus({ actorUserId: h.staffUserId });
        expect(status.indices.map((index) => index.rebuildId)).toEqual(Array(4).fill(waiting._id));
        await expect(rebuild(search)).rejects.toMatchObject({
          code: GrpcStatus.FAILED_PRECONDITION,
          reason: 'REBUILD_RUNNING',
        });
        const jobs = jobsOf(search);
        expect((await jobs.cancelJob({ actorUserId: h.staffUserId, jobId: waiting._id })).job?.state).toBe('cancelled');
        expect((await search.client.getIndexStatus({ actorUserId: h.staffUserId })).indices[0]?.rebuildId).toBe('');
        expect(Object.keys((await state(search)).ch)).toEqual(['JBL']);

        // Retried, it runs at once and brings the product back.
        await jobs.retryJob({ actorUserId: h.staffUserId, jobId: waiting._id });
        await succeeded(search, waiting._id);
        expect(await state(search)).toEqual(indexed);
      });
    });

    it('runs one rebuild when several are asked for at once, and refuses an unknown index kind', async () => {
      await withSearch(async (search) => {
        await expect(
          search.client.rebuildIndex({ actorUserId: h.staffUserId, index: 99 as IndexKind }),
        ).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
        const jobs = jobsOf(search);
        const rebuildJobs = async () =>
          (
            await jobs.listJobs({
              actorUserId: h.staffUserId,
              state: '',
              kind: 'search.rebuild-index',
              sort: '',
              page: undefined,
            })
          ).jobs;
        const before = new Set((await rebuildJobs()).map((listed) => listed.id));
        const answers = await Promise.allSettled([rebuild(search), rebuild(search), rebuild(search)]);
        expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
        for (const answer of answers)
          if (answer.status === 'rejected')
            expect(answer.reason).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'REBUILD_RUNNING' });
        await eventually(async () => {
          const asked = (await rebuildJobs()).filter(
            (listed) => !before.has(listed.id) && listed.state !== 'cancelled',
          );
          expect(asked.map((listed) => listed.state)).toEqual(['succeeded']);
        }, 20_000);
        expect(await state(search)).toEqual(indexed);
      });
    });
  });
}

afterAll(() => closeAllChannels());

describeOwnersRebuild('embedded', {});

describeWithEngine('ELASTICSEARCH_URL', "rebuilds from the owners' streams on Elasticsearch", (url) => {
  const prefix = uniquePrefix('search-owners');
  afterAll(() => deleteIndices(url, prefix));
  describeOwnersRebuild('elasticsearch', {
    SEARCH_INDEX: 'elasticsearch',
    ELASTICSEARCH_URL: url,
    SEARCH_INDEX_PREFIX: prefix,
  });
});
