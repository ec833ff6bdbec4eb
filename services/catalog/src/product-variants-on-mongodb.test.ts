import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { describeProductVariants } from './test-support/admin-suites/product-variants-suite.js';
import { mongoCatalogStore } from './test-support/admin-harness.js';

// ListProductVariants on MongoDB: the model key indexed and queried there too (ADR 138).
describeWithEngine('MONGODB_URI', 'product variants on MongoDB', (uri) => {
  describeProductVariants(mongoCatalogStore(uri, 'pc_catalog_variants'));
});
