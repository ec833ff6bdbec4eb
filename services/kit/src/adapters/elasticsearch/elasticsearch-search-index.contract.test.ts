import { describeSearchIndexContract } from '../../ports/contracts/search-index.contract.js';
import { describeWithEngine } from '../../testing/real-engine.js';
import { openElasticsearchSearchIndex } from './elasticsearch-search-index.js';
import { deleteIndices, uniquePrefix } from './testing/es-test-indices.js';

describeWithEngine('ELASTICSEARCH_URL', 'Elasticsearch SearchIndex', (url) => {
  const indexPrefix = uniquePrefix('contract');
  afterAll(() => deleteIndices(url, indexPrefix));

  describeSearchIndexContract('elasticsearch (builtin analysis)', () =>
    openElasticsearchSearchIndex({ node: url, indexPrefix }),
  );
});
