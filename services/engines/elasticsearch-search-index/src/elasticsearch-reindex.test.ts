import { Client } from '@elastic/elasticsearch';
import { FailedPreconditionError } from '@pc/kit/errors/domain-errors';
import type { IndexSchema, SearchDocument } from '@pc/kit/ports/search-index';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { openElasticsearchSearchIndex } from './elasticsearch-search-index.js';
import { deleteIndices, uniquePrefix } from './testing/es-test-indices.js';

type Offer = SearchDocument & {
  readonly title: string;
  readonly shop: string;
  readonly price: number;
  readonly colour?: string;
};

const V1: IndexSchema = {
  name: 'offers',
  fields: { title: { type: 'text' }, shop: { type: 'keyword' }, price: { type: 'number' } },
  suggestField: 'title',
};
/** A new keyword field and another boost: a different schema, so a new index version. */
const V2: IndexSchema = {
  ...V1,
  fields: { ...V1.fields, title: { type: 'text', boost: 2 }, colour: { type: 'keyword' } },
};
const COUNT = 5_000;

function offers(from: number, count: number): Offer[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `o${String(from + i).padStart(6, '0')}`,
    title: `Kühlschrank Modell ${from + i}`,
    shop: ['otto', 'amazon', 'fnac'][(from + i) % 3] ?? 'otto',
    price: 10_000 + (from + i),
    colour: (from + i) % 2 === 0 ? 'white' : 'black',
  }));
}

describeWithEngine('ELASTICSEARCH_URL', 'Elasticsearch SearchIndex schema change', (url) => {
  const indexPrefix = uniquePrefix('reindex');
  const client = new Client({ node: url });
  afterAll(async () => {
    await deleteIndices(url, indexPrefix);
    await client.close();
  });

  it('moves the alias to a rebuilt index without a moment where search finds nothing', async () => {
    const before = await openElasticsearchSearchIndex({ node: url, indexPrefix });
    const v1 = await before.index<Offer>(V1);
    await v1.upsert(offers(0, COUNT));
    await v1.refresh();

    // Readers of the alias (and the old process) keep searching while a new process migrates.
    const seen: number[] = [];
    let migrating = true;
    const reader = (async () => {
      while (migrating) {
        const viaAlias = await client.search({
          index: `${indexPrefix}-offers`,
          size: 1,
          track_total_hits: true,
          query: { match_all: {} },
        });
        const viaOldHandle = await v1.search({ text: 'kuhlschrank', hitsPerPage: 1 });
        seen.push(
          typeof viaAlias.hits.total === 'number' ? viaAlias.hits.total : (viaAlias.hits.total?.value ?? 0),
          viaOldHandle.total,
        );
      }
    })();
    const after = await openElasticsearchSearchIndex({ node: url, indexPrefix });
    const v2 = await after.index<Offer>(V2);
    migrating = false;
    await reader;

    expect(seen.length).toBeGreaterThan(4);
    expect(seen.every((total) => total === COUNT)).toBe(true);
    await expect(v2.count()).resolves.toBe(COUNT);
    const white = await v2.search({
      text: 'kühlschränke',
      language: 'de',
      filters: [{ field: 'colour', anyOf: ['white'] }],
      facets: [{ field: 'shop', type: 'terms' }],
    });
    expect(white.total).toBe(COUNT / 2);
    await expect(v2.get('o000042')).resolves.toEqual(offers(42, 1)[0]);
    // Suggestions come from the new version too: the word in every title first.
    expect((await v2.suggest('kuhl'))[0]).toBe('kühlschrank');
    // The old process still works on its version until it is replaced.
    expect((await v1.search({ text: 'kuhlschrank' })).total).toBe(COUNT);
    await Promise.all([before.close(), after.close()]);
  }, 110_000);

  it('rebuilds a superseded version from the current one when an older schema comes back', async () => {
    const engine = await openElasticsearchSearchIndex({ node: url, indexPrefix: `${indexPrefix}-back` });
    const v1 = await engine.index<Offer>({ ...V1, name: 'flip' });
    await v1.upsert(offers(0, 10));
    const newer = await openElasticsearchSearchIndex({ node: url, indexPrefix: `${indexPrefix}-back` });
    const v2 = await newer.index<Offer>({ ...V2, name: 'flip' });
    await v2.upsert(offers(10, 5));
    const again = await openElasticsearchSearchIndex({ node: url, indexPrefix: `${indexPrefix}-back` });
    const v1Again = await again.index<Offer>({ ...V1, name: 'flip' });
    await expect(v1Again.count()).resolves.toBe(15);
    await Promise.all([engine.close(), newer.close(), again.close()]);
  });

  it('refuses a schema that stored documents do not fit and leaves the alias where it was', async () => {
    const engine = await openElasticsearchSearchIndex({ node: url, indexPrefix: `${indexPrefix}-bad` });
    const v1 = await engine.index<Offer>({ ...V1, name: 'strict' });
    await v1.upsert(offers(0, 3));
    const shopAsNumber: IndexSchema = { ...V1, name: 'strict', fields: { ...V1.fields, shop: { type: 'number' } } };
    const other = await openElasticsearchSearchIndex({ node: url, indexPrefix: `${indexPrefix}-bad` });
    await expect(other.index(shopAsNumber)).rejects.toBeInstanceOf(FailedPreconditionError);
    await v1.refresh();
    expect((await v1.search({ text: 'kuhlschrank' })).total).toBe(3);
    const alias = await client.indices.getAlias({ name: `${indexPrefix}-bad-strict` });
    expect(Object.keys(alias)).toHaveLength(1);
    await Promise.all([engine.close(), other.close()]);
  });
});
