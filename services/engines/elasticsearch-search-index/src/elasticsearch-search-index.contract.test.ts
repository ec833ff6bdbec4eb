import { describeSearchIndexContract } from '@pc/kit/ports/contracts/search-index.contract';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { openElasticsearchSearchIndex } from './elasticsearch-search-index.js';
import { deleteIndices, uniquePrefix } from './testing/es-test-indices.js';

describeWithEngine('ELASTICSEARCH_URL', 'Elasticsearch SearchIndex', (url) => {
  const indexPrefix = uniquePrefix('contract');
  afterAll(() => deleteIndices(url, indexPrefix));

  describeSearchIndexContract('elasticsearch (builtin analysis)', () =>
    openElasticsearchSearchIndex({ node: url, indexPrefix }),
  );
});
