import { setTimeout as sleep } from 'node:timers/promises';
import type { SearchDocument, SearchIndex, SearchIndexHandle } from '@pc/kit/ports/search-index';
import { describeWithEngine, enginesAreManaged, restartEngine } from '@pc/kit/testing/real-engine';
import { openElasticsearchSearchIndex } from './elasticsearch-search-index.js';
import { deleteIndices, uniquePrefix } from './testing/es-test-indices.js';

type Note = SearchDocument & { readonly body: string; readonly batch: number };

const describeManaged = enginesAreManaged()
  ? describeWithEngine
  : (_: unknown, name: string) =>
      describe.skip(name, () => it('needs ENGINES_HOME (managed engines)', () => undefined));

/** Retries a call the way a caller of the port would: on any failure, after a pause. */
async function untilItWorks<T>(call: () => Promise<T>, deadline: number): Promise<T> {
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(500);
    }
  }
}

describeManaged('ELASTICSEARCH_URL', 'Elasticsearch SearchIndex across a server restart', (url) => {
  const indexPrefix = uniquePrefix('fault');
  let engine: SearchIndex;
  let index: SearchIndexHandle<Note>;
  beforeAll(async () => {
    engine = await openElasticsearchSearchIndex({ node: url, indexPrefix, requestTimeoutMs: 5_000 });
    index = await engine.index<Note>({ name: 'notes', fields: { body: { type: 'text' }, batch: { type: 'number' } } });
  });
  afterAll(async () => {
    await engine.close();
    await deleteIndices(url, indexPrefix);
  });

  it('keeps every acknowledged upsert when the server restarts mid-stream', async () => {
    const deadline = Date.now() + 150_000;
    const acknowledged: string[] = [];
    let failures = 0;
    let slowestUpsertMs = 0;
    let restarted = false;
    const restart = restartEngine('elasticsearch').then(() => {
      restarted = true;
    });
    for (let batch = 0; !restarted || batch < 5; batch++) {
      const docs = Array.from({ length: 20 }, (_, i) => ({
        id: `n${batch}-${i}`,
        body: `note ${batch} ${i} quarterly report`,
        batch,
      }));
      const started = Date.now();
      await untilItWorks(async () => {
        try {
          await index.upsert(docs);
        } catch (error) {
          failures += 1;
          throw error;
        }
      }, deadline);
      slowestUpsertMs = Math.max(slowestUpsertMs, Date.now() - started);
      acknowledged.push(...docs.map((doc) => doc.id));
      if (!restarted) await sleep(100);
    }
    await restart;
    await untilItWorks(() => index.refresh(), deadline);

    // The stream ran through the outage: a write failed, or the adapter's own back-off (503 while
    // the node recovers) held it until the server was back. Either way it was felt.
    expect({ failures, outageFelt: failures > 0 || slowestUpsertMs > 1_000 }).toMatchObject({ outageFelt: true });
    await expect(index.count()).resolves.toBe(acknowledged.length);
    const found = await index.search({ text: 'quarterly report', hitsPerPage: 1 });
    expect(found.total).toBe(acknowledged.length);
    const sample = acknowledged.filter((_, i) => i % 97 === 0);
    const byId = await index.search({ filters: [{ field: 'id', anyOf: sample }], hitsPerPage: 100 });
    expect(byId.hits.map((hit) => hit.id).sort()).toEqual([...sample].sort());
  }, 170_000);
});
