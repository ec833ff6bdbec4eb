import { useSearchContractHarness, type MakeSearchIndex } from './search-index-contract-harness.js';
import { describeDocuments } from './search-index-contract-documents.js';
import { describeFiltersAndFacets } from './search-index-contract-filters.js';
import { describeIdPaging } from './search-index-contract-ids.js';
import { describeSorting } from './search-index-contract-sort.js';
import { describeStorage } from './search-index-contract-storage.js';
import { describeTextSearch } from './search-index-contract-text.js';

/**
 * Behaviour every SearchIndex adapter must show. `makeIndex` is called once per suite and the
 * engine closed after it; each test works on an index of its own with a unique name, so a
 * shared Elasticsearch works. Tests call `refresh()` after writes, before searching.
 */
export function describeSearchIndexContract(adapterName: string, makeIndex: MakeSearchIndex): void {
  describe(`SearchIndex contract: ${adapterName}`, () => {
    const harness = useSearchContractHarness(makeIndex);
    describeTextSearch(harness);
    describeFiltersAndFacets(harness);
    describeSorting(harness);
    describeDocuments(harness);
    describeIdPaging(harness);
    describeStorage(harness);
  });
}
