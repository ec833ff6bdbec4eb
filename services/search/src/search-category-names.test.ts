import { deleteIndices, uniquePrefix } from '@pc/elasticsearch-search-index/testing/es-test-indices';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { EntitySort } from '@pc/proto/common/v1/sort';
import { SearchCategoriesRequest, SearchProductsRequest, SuggestRequest } from '@pc/proto/search/v1/search';
import { SuggestionKind } from '@pc/proto/search/v1/types';
import { eventually } from './testing/eventually.js';
import { categoryChanged, categoryDeleted, productCreated, type CategorySpec } from './testing/event-fixtures.js';
import { startSearch, type SearchHarness } from './testing/search-harness.js';

const AUDIO: CategorySpec = { version: 2, names: { en: 'Audio', de: 'Audio & Hi-Fi' } };
const HEADPHONES: CategorySpec = {
  version: 3,
  names: { en: 'Headphones', de: 'Kopfhörer', fr: 'Casques' },
  ancestorIds: ['audio'],
};
const SPEAKERS: CategorySpec = { version: 2, names: { en: 'Speakers', de: 'Lautsprecher' }, ancestorIds: ['audio'] };
const ACCESSORIES: CategorySpec = { version: 4, names: { en: 'Accessories', de: 'Zubehör' }, ancestorIds: ['audio'] };
const HOUSEHOLD: CategorySpec = { version: 2, names: { en: 'Household', de: 'Haushalt' } };
const KITCHEN: CategorySpec = { version: 2, names: { en: 'Kitchen', de: 'Küche' }, ancestorIds: ['household'] };
const COFFEE: CategorySpec = {
  version: 2,
  names: { en: 'Coffee Makers', de: 'Kaffeemaschinen' },
  ancestorIds: ['household', 'kitchen'],
};

/** Categories named, found, sorted and suggested in the request's language from catalog's category events (ADR 127). */
function describeCategoryNames(label: string, env: () => Record<string, string>): void {
  describe(`categories in the request's language (${label})`, () => {
    let search: SearchHarness;
    const categories = (language: string, fields: Partial<SearchCategoriesRequest> = {}) =>
      search.client.searchCategories(
        SearchCategoriesRequest.fromPartial({ language, page: { page: 1, hitsPerPage: 24 }, ...fields }),
      );
    const names = async (language: string, fields: Partial<SearchCategoriesRequest> = {}) =>
      (await categories(language, fields)).hits.map((hit) => hit.name);
    const byName = (language: string) => names(language, { sort: EntitySort.ENTITY_SORT_NAME });
    const suggested = async (prefix: string, language: string) =>
      (
        await search.client.suggest(
          SuggestRequest.fromPartial({ prefix, language, kinds: [SuggestionKind.SUGGESTION_KIND_CATEGORY] }),
        )
      ).groups[0]?.suggestions.map((suggestion) => [suggestion.id, suggestion.text]);
    const product = (id: string, path: (readonly [string, string])[]) =>
      productCreated({ id, names: { en: `Product ${id}` }, path });

    beforeAll(async () => {
      search = await startSearch(env());
      // The headphones' names come before their first product: that product names its document.
      await search.publish(categoryChanged('headphones', HEADPHONES));
      await search.publish(
        product('p1', [
          ['audio', 'Audio'],
          ['headphones', 'Headphones'],
        ]),
        product('p2', [
          ['audio', 'Audio'],
          ['speakers', 'Speakers'],
        ]),
        product('p3', [
          ['audio', 'Audio'],
          ['accessories', 'Accessories'],
        ]),
      );
      await eventually(async () => expect(await byName('en')).toHaveLength(4));
      // The others' after their documents exist: the documents are named again.
      await search.publish(
        categoryChanged('audio', AUDIO),
        categoryChanged('speakers', SPEAKERS),
        categoryChanged('accessories', ACCESSORIES),
      );
      await eventually(async () => expect(await byName('de')).toContain('Zubehör'));
    });
    afterAll(async () => {
      await search.stop();
    });

    it('finds a category by its name in the request language, and still by its English name', async () => {
      const [hit] = (await categories('de', { query: 'Kopfhörer' })).hits;
      expect(hit).toMatchObject({ categoryId: 'headphones', name: 'Kopfhörer', path: ['Audio & Hi-Fi'] });
      expect(hit?.highlights.name).toContain('<em>');
      expect((await categories('de', { query: 'headphones' })).hits.map((h) => [h.categoryId, h.name])).toEqual([
        ['headphones', 'Kopfhörer'],
      ]);
      expect((await categories('fr', { query: 'casques' })).hits.map((h) => [h.categoryId, h.name])).toEqual([
        ['headphones', 'Casques'],
      ]);
      // A language catalog has no name in falls back to English.
      expect((await categories('it', { query: 'kopfhörer' })).hits.map((h) => h.name)).toEqual(['Headphones']);
    });

    it("sorts by the names of the request's language", async () => {
      expect(await byName('de')).toEqual(['Audio & Hi-Fi', 'Kopfhörer', 'Lautsprecher', 'Zubehör']);
      expect(await byName('en')).toEqual(['Accessories', 'Audio', 'Headphones', 'Speakers']);
      // French: the headphones' own name, the others' English ones.
      expect(await byName('fr')).toEqual(['Accessories', 'Audio', 'Casques', 'Speakers']);
    });

    it("suggests categories for the typed prefix in the request's language", async () => {
      expect(await suggested('Kopf', 'de')).toEqual([['headphones', 'Kopfhörer']]);
      expect(await suggested('Head', 'de')).toEqual([['headphones', 'Kopfhörer']]);
      expect(await suggested('Zube', 'de')).toEqual([['accessories', 'Zubehör']]);
      expect(await suggested('Head', 'en')).toEqual([['headphones', 'Headphones']]);
    });

    it("labels the category facets in the request's language", async () => {
      const response = await search.client.searchProducts(
        SearchProductsRequest.fromPartial({ language: 'de', country: 'CH', facets: ['category'] }),
      );
      expect(response.facets[0]?.values.map((value) => value.label).sort()).toEqual([
        'Kopfhörer',
        'Lautsprecher',
        'Zubehör',
      ]);
      const parents = await categories('de', { facets: ['parent'] });
      expect(parents.facets[0]?.values.map((value) => [value.value, value.label])).toEqual([
        ['audio', 'Audio & Hi-Fi'],
      ]);
    });

    it('ignores a redelivery and an older version', async () => {
      await search.publish(
        categoryChanged('headphones', HEADPHONES),
        categoryChanged('headphones', { ...HEADPHONES, version: 2, names: { en: 'Headphones', de: 'Alte Hörer' } }),
        // Under the same key, so applied after them (one partition, in order).
        {
          ...categoryChanged('speakers', { ...SPEAKERS, version: 5, names: { en: 'Speakers', de: 'Boxen' } }),
          key: 'headphones',
        },
      );
      await eventually(async () => expect(await byName('de')).toContain('Boxen'));
      expect(await byName('de')).toEqual(['Audio & Hi-Fi', 'Boxen', 'Kopfhörer', 'Zubehör']);
      expect((await categories('de', { query: 'alte' })).hits).toEqual([]);
    });

    it('removes a deleted category, which an older event does not bring back; a category made again under its id is listed', async () => {
      await search.publish(categoryDeleted('accessories', { version: 6 }));
      await eventually(async () => expect(await byName('de')).not.toContain('Zubehör'));
      await search.publish(
        categoryChanged('accessories', ACCESSORIES),
        product('p3', [
          ['audio', 'Audio'],
          ['accessories', 'Accessories'],
        ]),
        // Under the same key, so applied after them.
        {
          ...categoryChanged('speakers', { ...SPEAKERS, version: 6, names: { en: 'Speakers', de: 'Boxen 2' } }),
          key: 'accessories',
        },
      );
      await eventually(async () => expect(await byName('de')).toContain('Boxen 2'));
      expect(await byName('de')).toEqual(['Audio & Hi-Fi', 'Boxen 2', 'Kopfhörer']);

      // Created again later (a new category of the same id), then its product.
      await search.publish(
        categoryChanged('accessories', {
          version: 1,
          names: { en: 'Cables', de: 'Kabel' },
          createdAt: '2026-06-01T00:00:00Z',
        }),
      );
      await search.publish(
        productCreated({
          id: 'p4',
          names: { en: 'Cable' },
          path: [['accessories', 'Cables']],
          createdAt: '2026-06-02T00:00:00Z',
        }),
      );
      await eventually(async () => expect(await byName('de')).toContain('Kabel'));
    });

    it("finds subcategories by their ancestors' names in the request's language, renamed with them", async () => {
      const found = async (query: string) => {
        const [first, ...below] = await names('de', { query });
        return [first, below.sort()];
      };
      // The kitchen's names come before its first product, the household's after it.
      await search.publish(categoryChanged('kitchen', KITCHEN), categoryChanged('coffee', COFFEE));
      await search.publish(
        product('p5', [
          ['household', 'Household'],
          ['kitchen', 'Kitchen'],
          ['coffee', 'Coffee Makers'],
        ]),
      );
      await eventually(async () => expect(await byName('de')).toContain('Kaffeemaschinen'));
      // German stemming: "Küchen" finds the kitchen's subcategory as "Küche" does.
      expect(await found('Küchen')).toEqual(['Küche', ['Kaffeemaschinen']]);
      await search.publish(categoryChanged('household', HOUSEHOLD));
      await eventually(async () => expect(await found('Haushalt')).toEqual(['Haushalt', ['Kaffeemaschinen', 'Küche']]));
      // The English names still find them, ranked below the category they name.
      expect(await found('household')).toEqual(['Haushalt', ['Kaffeemaschinen', 'Küche']]);
      const [coffee] = (await categories('de', { query: 'Kaffeemaschinen' })).hits;
      expect(coffee?.path).toEqual(['Haushalt', 'Küche']);

      // A parent renamed: its subcategories are found by the new name, no longer by the old one.
      await search.publish(
        categoryChanged('household', { ...HOUSEHOLD, version: 3, names: { en: 'Household', de: 'Wohnen' } }),
      );
      await eventually(async () => expect(await found('Wohnen')).toEqual(['Wohnen', ['Kaffeemaschinen', 'Küche']]));
      expect(await names('de', { query: 'Haushalt' })).toEqual([]);
      expect((await categories('de', { query: 'Kaffeemaschinen' })).hits[0]?.path).toEqual(['Wohnen', 'Küche']);
    });
  });
}

afterAll(() => closeAllChannels());

describeCategoryNames('embedded', () => ({}));

describeWithEngine('ELASTICSEARCH_URL', "categories in the request's language on Elasticsearch", (url) => {
  const prefix = uniquePrefix('search-category-names');
  afterAll(() => deleteIndices(url, prefix));
  describeCategoryNames('elasticsearch', () => ({
    SEARCH_INDEX: 'elasticsearch',
    ELASTICSEARCH_URL: url,
    SEARCH_INDEX_PREFIX: prefix,
  }));
});
