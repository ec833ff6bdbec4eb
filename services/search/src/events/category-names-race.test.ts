import { openEmbeddedSearchIndex } from '@pc/embedded-search-index/embedded-search-index';
import type { SearchIndex } from '@pc/kit/ports/search-index';
import type { CategoryRecord } from '../domain/category-record.js';
import { openSearchIndices, type SearchIndices } from '../store/search-indices.js';
import { namedCategory, productInCategories } from '../testing/category-records.js';
import { EntityWriter } from './entity-writer.js';

/**
 * Two replicas at once: one applies a category event (side state, then the documents it finds)
 * while the other writes a product's categories between reading catalog's names and writing.
 */
describe("category documents named while another replica applies a category's event", () => {
  let engine: SearchIndex;
  let indices: SearchIndices;
  /** The side state's category records, which both replicas share. */
  let records: Map<string, CategoryRecord>;
  /** Runs once another replica's step right after the product writer read the names. */
  let meanwhile: (() => Promise<void>) | null;
  let eventReplica: EntityWriter;
  let productReplica: EntityWriter;
  const held = (ids: readonly string[]) =>
    new Map(ids.flatMap((id) => (records.has(id) ? [[id, records.get(id) as CategoryRecord] as const] : [])));
  const applyEvent = (record: CategoryRecord) => async () => {
    records.set(record._id, record);
    await eventReplica.writeCategoryNames([record], { descendants: true });
  };

  beforeEach(async () => {
    engine = await openEmbeddedSearchIndex({ path: ':memory:' });
    indices = await openSearchIndices(engine);
    records = new Map();
    meanwhile = null;
    eventReplica = new EntityWriter(indices, { categoryNamesOf: async (ids) => held(ids) });
    productReplica = new EntityWriter(indices, {
      categoryNamesOf: async (ids) => {
        const answer = held(ids);
        const step = meanwhile;
        meanwhile = null;
        await step?.();
        return answer;
      },
    });
  });
  afterEach(() => engine.close());

  it("names a category's first document, which the event found missing", async () => {
    meanwhile = applyEvent(namedCategory('c-phones', 2, { en: 'Phones', de: 'Handys' }));
    await productReplica.writeProducts([productInCategories('p1', ['c-phones'], 1, 1_000)]);
    expect(await indices.categories.get('c-phones')).toMatchObject({ name: 'Phones', name_de: 'Handys' });
  });

  it('keeps the names the event wrote over those read before it', async () => {
    records.set('c-phones', namedCategory('c-phones', 2, { en: 'Phones', de: 'Handys' }));
    await productReplica.writeProducts([productInCategories('p1', ['c-phones'], 1, 1_000)]);
    meanwhile = applyEvent(namedCategory('c-phones', 3, { en: 'Phones', de: 'Mobiltelefone' }));
    await productReplica.writeProducts([productInCategories('p2', ['c-phones'], 2, 2_000)]);
    expect(await indices.categories.get('c-phones')).toMatchObject({
      name_de: 'Mobiltelefone',
      products_count: 2,
    });
  });

  it('removes the document of a category deleted after its product was read', async () => {
    records.set('c-phones', namedCategory('c-phones', 2, { en: 'Phones', de: 'Handys' }));
    meanwhile = applyEvent({ ...namedCategory('c-phones', 4, {}), deleted: true, deletedAt: 2_000 });
    await productReplica.writeProducts([productInCategories('p1', ['c-phones'], 1, 1_000)]);
    expect(await indices.categories.get('c-phones')).toBeNull();
  });

  it("gives a new subcategory's document its parent's names", async () => {
    meanwhile = applyEvent(namedCategory('c-electronics', 2, { en: 'Electronics', de: 'Elektronik' }));
    await productReplica.writeProducts([productInCategories('p1', ['c-electronics', 'c-phones'], 1, 1_000)]);
    expect(await indices.categories.get('c-phones')).toMatchObject({
      path_names: ['c-electronics'],
      ancestor_names: ['Electronics', 'Elektronik'],
    });
  });
});
