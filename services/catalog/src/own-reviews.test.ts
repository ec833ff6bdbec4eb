import { EMBEDDED_STORE } from './test-support/admin-harness.js';
import { describeOwnReviews } from './test-support/admin-suites/own-reviews-suite.js';

describeOwnReviews(EMBEDDED_STORE);
