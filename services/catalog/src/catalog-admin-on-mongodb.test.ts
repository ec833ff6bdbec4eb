import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { mongoCatalogStore } from './test-support/admin-harness.js';
import { describeBrandUpdates } from './test-support/admin-suites/brand-update-suite.js';
import { describeCatalogImports } from './test-support/admin-suites/catalog-import-suite.js';
import { describeCategoryWrites } from './test-support/admin-suites/category-suite.js';
import { describeProductMerges } from './test-support/admin-suites/product-merge-suite.js';
import { describeProductSplits } from './test-support/admin-suites/product-split-suite.js';
import { describeProductUpdates } from './test-support/admin-suites/product-update-suite.js';
import { describeReviewDeletion } from './test-support/admin-suites/review-deletion-suite.js';
import { describeVetoesThroughMerges } from './test-support/admin-suites/veto-merge-suite.js';

// The staff's writes of catalog-admin.test.ts on MongoDB (FerretDB v1 in CI: no transactions,
// non-atomic bulk writes), each suite on a database of its own.
describeWithEngine('MONGODB_URI', 'catalog admin writes on MongoDB', (uri) => {
  const mongo = mongoCatalogStore(uri, 'pc_catalog_admin');
  describeProductUpdates(mongo);
  describeProductMerges(mongo);
  describeBrandUpdates(mongo);
  describeCategoryWrites(mongo);
  describeReviewDeletion(mongo);
  describeProductSplits(mongo);
  describeVetoesThroughMerges(mongo);
  describeCatalogImports(mongo);
});
