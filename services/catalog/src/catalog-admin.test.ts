import { EMBEDDED_STORE } from './test-support/admin-harness.js';
import { describeBrandUpdates } from './test-support/admin-suites/brand-update-suite.js';
import { describeCategoryWrites } from './test-support/admin-suites/category-suite.js';
import { describeProductMerges } from './test-support/admin-suites/product-merge-suite.js';
import { describeProductSplits } from './test-support/admin-suites/product-split-suite.js';
import { describeProductUpdates } from './test-support/admin-suites/product-update-suite.js';
import { describeReviewDeletion } from './test-support/admin-suites/review-deletion-suite.js';
import { describeVetoesThroughMerges } from './test-support/admin-suites/veto-merge-suite.js';

// The staff's writes from app.ts over real gRPC, with the real accounts service vouching for the
// admin role, on the embedded store (catalog-admin-on-mongodb.test.ts: the same on MongoDB).
describeProductUpdates(EMBEDDED_STORE);
describeProductMerges(EMBEDDED_STORE);
describeBrandUpdates(EMBEDDED_STORE);
describeCategoryWrites(EMBEDDED_STORE);
describeReviewDeletion(EMBEDDED_STORE);
describeProductSplits(EMBEDDED_STORE);
describeVetoesThroughMerges(EMBEDDED_STORE);
