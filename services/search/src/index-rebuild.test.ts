import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteIndices, uniquePrefix } from '@pc/elasticsearch-search-index/testing/es-test-indices';
import { loadConfig } from '@pc/kit/config/load-config';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { openSearchIndex } from '@pc/engine-profile/open-search-index';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { createServiceClient } from '@pc/kit/grpc/client';
import { IndexKind, SearchProductsRequest, SuggestRequest } from '@pc/proto/search/v1/search';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { startStaffAccounts, type StaffAccounts } from '../../accounts/src/test-support/staff-accounts.js';
import { JobsServiceService } from '@pc/proto/staff/v1/jobs';
import { openDocumentStore } from '@pc/engine-profile/open-document-store';
import { JobBook } from '@pc/jobs/job-book';
import { hostname } from 'node:os';
import { SuggestionKind } from '@pc/proto/search/v1/types';
import { searchConfigSchema } from './config.js';
import { searchCopy } from './store/search-copy.js';
import { PRODUCT_INDEX_SCHEMA } from './domain/product-fields.js';
import { eventually } from './testing/eventually.js';
import { offerChanged, priceChanged, productCreated, shopChanged } from './testing/event-fixtures.js';
import { startSearch, type SearchHarness } from './testing/search-harness.js';

const KETTLES = ['p-kettle-1', 'p-kettle-2', 'p-kettle-3'];

/** What a visitor sees of the kettles: prices, the shop facet, the brand and shop lists, completions. */
async function state(harness: SearchHarness) {
  const found = await harness.client.searchProducts(
    SearchProductsRequest.fromPartial({ query: 'kettle', language: 'en', country: 'CH', facets: ['shop'] }),
  );
  const everything = { query: '', language: 'en', country: '', sort: 0, facets: [], suggest: [], refinements: [] };
  const completions = await harness.client.suggest(
    SuggestRequest.fromPartial({ prefix: 'kett', language: 'en', kinds: [SuggestionKind.SUGGESTION_KIND_QUERY] }),
  );
  return {
    prices: Object.fromEntries(found.hits.map((hit) => [hit.productId, Number(hit.lowestPrice?.amountMinor ?? 0)])),
    shopFacet: found.facets[0]?.values.map((value) => `${value.value}:${value.count}`) ?? [],
    brands: (await harness.client.searchBrands(everything)).page?.total,
    listedShops: (await harness.client.searchShops(everything)).page?.total,
    completions: completions.groups[0]?.suggestions.map((suggestion) => suggestion.text) ?? [],
  };
}
type State = Awaited<ReturnType<typeof state>>;

/**
 * `loseIndices` does to the engine what a lost disk or a deleted index does; `env` picks the engine
 * (and the copy's prefix) for every start.
 */
function describeRebuild(
  label: string,
  env: Record<string, string>,
  loseIndices: (dataDir: string) => Promise<void>,
): void {
  describe(`rebuilding the indices from the side state (${label})`, () => {
    let dataDir: string;
    // The staff user of RebuildIndex and the index status, whose roles search asks accounts for.
    let staff: StaffAccounts;
    /** What the indices answered before anything was lost. */
    let indexed: State;
    /** Runs `use` against the service started on the test's data dir, and stops it whatever happens. */
    const withSearch = async <T>(
      extra: Record<string, string>,
      use: (harness: SearchHarness) => Promise<T>,
    ): Promise<T> => {
      const harness = await startSearch({ ...env, ACCOUNTS_GRPC_ADDR: staff.address, ...extra }, dataDir);
      try {
        return await use(harness);
      } finally {
        await harness.stop();
      }
    };

    beforeAll(async () => {
      staff = await startStaffAccounts();
      dataDir = mkdtempSync(join(tmpdir(), 'search-rebuild-'));
      indexed = await withSearch({}, async (harness) => {
        await harness.publish(
          shopChanged('s-1', { name: 'Kettle Shop', countries: ['CH'], version: 1 }),
          ...KETTLES.map((id, i) =>
            productCreated({
              id,
              names: { en: `Steel Kettle ${i + 1}` },
              brand: { slug: 'boilwell', name: 'Boilwell' },
            }),
          ),
          ...KETTLES.map((productId, i) =>
            priceChanged({ productId, country: 'CH', version: 1, lowest: 4_900 + i * 100, offers: 1, inStock: 1 }),
          ),
          offerChanged('o-1', { productId: 'p-kettle-1', shopId: 's-1', country: 'CH', version: 1 }),
        );
        return eventually(async () => {
          const now = await state(harness);
          expect(now).toMatchObject({
            prices: { 'p-kettle-1': 4_900, 'p-kettle-2': 5_000, 'p-kettle-3': 5_100 },
            shopFacet: ['s-1:1'],
            brands: 1,
            listedShops: 1,
          });
          expect(now.completions.length).toBeGreaterThan(0);
          return now;
        });
      });
    });
    afterAll(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await staff?.stop();
    });

    it('rebuilds every index at start when the engine lost them, with no event replayed', async () => {
      await loseIndices(dataDir);
      // Answers at once when start returns: the rebuild runs before consuming, and no event is left.
      expect(await withSearch({}, state)).toEqual(indexed);
    });

    const loseKettle2 = async () => {
      const config = loadConfig(searchConfigSchema, { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: dataDir, ...env });
      const index = await openSearchIndex(config, config.SEARCH_INDEX_PREFIX);
      const products = await index.index(PRODUCT_INDEX_SCHEMA);
      await products.delete(['p-kettle-2']);
      await products.refresh();
      await index.close();
    };

    it('repairs a partial loss while running when staff call RebuildIndex, and audits it', async () => {
      await loseKettle2();
      await withSearch({}, async (harness) => {
        expect(Object.keys((await state(harness)).prices)).not.toContain('p-kettle-2');
        await expect(
          harness.client.rebuildIndex({ actorUserId: staff.staffUserId, index: 99 as IndexKind }),
        ).rejects.toMatchObject({
          code: GrpcStatus.INVALID_ARGUMENT,
        });
        const started = await harness.client.rebuildIndex({
          actorUserId: staff.staffUserId,
          index: IndexKind.INDEX_KIND_UNSPECIFIED,
        });
        expect(started.rebuildId).toMatch(/^job_/);
        const jobs = createServiceClient(JobsServiceService, harness.address, { deadlineMs: 5_000 });
        await eventually(async () => {
          const status = await harness.client.getIndexStatus({ actorUserId: staff.staffUserId });
          expect(status.indices.every((index) => index.rebuildId === '')).toBe(true);
          expect(await state(harness)).toEqual(indexed);
          // The rebuild is a job of search's dashboard, its progress in its log.
          const { job } = await jobs.getJob({ actorUserId: staff.staffUserId, jobId: started.rebuildId });
          expect(job).toMatchObject({ kind: 'search.rebuild-index', state: 'succeeded', attempts: 1 });
          expect(job?.logLines.join('\n')).toContain('3 products written; every index rebuilt');
        });
        const audit = createServiceClient(AuditServiceService, harness.address, { deadlineMs: 5_000 });
        const entries = await audit.listAuditEntries({
          actorUserId: staff.staffUserId,
          panel: 'infrastructure',
          entityType: '',
          entityId: '',
          byUserId: '',
          action: 'search-index.rebuild',
          page: { page: 1, hitsPerPage: 10 },
        });
        expect(entries.entries.map((entry) => JSON.parse(entry.afterJson).rebuildId)).toContain(started.rebuildId);
      });
    });

    it('runs a rebuild again after search stopped in the middle of it', async () => {
      await loseKettle2();
      // What a crash mid-rebuild leaves in search's store: the job running on this host.
      const config = loadConfig(searchConfigSchema, { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: dataDir, ...env });
      const documents = await openDocumentStore(config, searchCopy(config.SEARCH_INDEX_PREFIX).store);
      const book = await JobBook.open(documents, 'search', () => new Date());
      const queued = await book.enqueue('search.rebuild-index', {}, 3);
      await book.jobs.update(queued._id, (job) =>
        job
          ? { ...job, state: 'running', attempts: 1, worker: process.env.HOSTNAME ?? hostname(), runToken: 't' }
          : null,
      );
      await documents.close();

      await withSearch({}, async (harness) => {
        const jobs = createServiceClient(JobsServiceService, harness.address, { deadlineMs: 5_000 });
        await eventually(async () => {
          const { job } = await jobs.getJob({ actorUserId: staff.staffUserId, jobId: queued._id });
          expect(job).toMatchObject({ state: 'succeeded', attempts: 2 });
          expect(job?.logLines.join('\n')).toContain('resumed');
          expect(await state(harness)).toEqual(indexed);
        });
      });
    });

    it('refuses a second rebuild while one waits to retry, and lets staff cancel and retry it', async () => {
      await loseKettle2();
      // A rebuild whose first attempt failed, waiting an hour for its next one.
      const config = loadConfig(searchConfigSchema, { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: dataDir, ...env });
      const documents = await openDocumentStore(config, searchCopy(config.SEARCH_INDEX_PREFIX).store);
      const book = await JobBook.open(documents, 'search', () => new Date());
      const waiting = await book.enqueue('search.rebuild-index', {}, 3, { runAt: new Date(Date.now() + 3_600_000) });
      await book.jobs.update(waiting._id, (job) =>
        job ? { ...job, state: 'retrying', attempts: 1, error: 'the engine did not answer' } : null,
      );
      await documents.close();

      await withSearch({}, async (harness) => {
        const jobs = createServiceClient(JobsServiceService, harness.address, { deadlineMs: 5_000 });
        const status = await harness.client.getIndexStatus({ actorUserId: staff.staffUserId });
        expect(status.indices.map((index) => index.rebuildId)).toEqual(Array(4).fill(waiting._id));
        await expect(
          harness.client.rebuildIndex({ actorUserId: staff.staffUserId, index: IndexKind.INDEX_KIND_UNSPECIFIED }),
        ).rejects.toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'REBUILD_RUNNING' });

        expect((await jobs.cancelJob({ actorUserId: staff.staffUserId, jobId: waiting._id })).job?.state).toBe(
          'cancelled',
        );
        expect((await harness.client.getIndexStatus({ actorUserId: staff.staffUserId })).indices[0]?.rebuildId).toBe(
          '',
        );
        expect(Object.keys((await state(harness)).prices)).not.toContain('p-kettle-2');

        // Retried, it runs at once and repairs the index.
        await jobs.retryJob({ actorUserId: staff.staffUserId, jobId: waiting._id });
        await eventually(async () => {
          expect((await jobs.getJob({ actorUserId: staff.staffUserId, jobId: waiting._id })).job?.state).toBe(
            'succeeded',
          );
          expect(await state(harness)).toEqual(indexed);
        });
      });
    });

    it('runs one rebuild when several are asked for at once', async () => {
      await withSearch({}, async (harness) => {
        const jobs = createServiceClient(JobsServiceService, harness.address, { deadlineMs: 5_000 });
        const rebuildJobs = async () =>
          (
            await jobs.listJobs({
              actorUserId: staff.staffUserId,
              state: '',
              kind: 'search.rebuild-index',
              sort: '',
              page: undefined,
            })
          ).jobs;
        const before = new Set((await rebuildJobs()).map((job) => job.id));
        const ask = () =>
          harness.client.rebuildIndex({ actorUserId: staff.staffUserId, index: IndexKind.INDEX_KIND_UNSPECIFIED });
        const answers = await Promise.allSettled([ask(), ask(), ask()]);
        expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
        for (const answer of answers)
          if (answer.status === 'rejected')
            expect(answer.reason).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'REBUILD_RUNNING' });
        await eventually(async () => {
          const asked = (await rebuildJobs()).filter((job) => !before.has(job.id) && job.state !== 'cancelled');
          expect(asked.map((job) => job.state)).toEqual(['succeeded']);
        });
      });
    });

    it('leaves an index with documents alone, and repairs a partial loss when asked (SEARCH_REBUILD_ON_START)', async () => {
      await loseKettle2();

      const { 'p-kettle-2': _lost, ...partial } = indexed.prices;
      expect((await withSearch({}, state)).prices).toEqual(partial);
      expect(await withSearch({ SEARCH_REBUILD_ON_START: 'true' }, state)).toEqual(indexed);
    });
  });
}

afterAll(() => closeAllChannels());

describeRebuild('embedded', {}, async (dataDir) => {
  const file = join(dataDir, 'search', 'search.sqlite');
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
});

describeWithEngine('ELASTICSEARCH_URL', 'search indices on Elasticsearch', (url) => {
  const prefix = uniquePrefix('search-rebuild');
  afterAll(() => deleteIndices(url, prefix));
  describeRebuild(
    'elasticsearch',
    { SEARCH_INDEX: 'elasticsearch', ELASTICSEARCH_URL: url, SEARCH_INDEX_PREFIX: prefix },
    () => deleteIndices(url, prefix),
  );
});
