import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { describeOwnReviews } from './test-support/admin-suites/own-reviews-suite.js';
import { mongoCatalogStore } from './test-support/admin-harness.js';

// ListOwnReviews on MongoDB: the author index declared and read there too.
describeWithEngine('MONGODB_URI', 'own reviews on MongoDB', (uri) => {
  describeOwnReviews(mongoCatalogStore(uri, 'pc_catalog_own_reviews'));
});
