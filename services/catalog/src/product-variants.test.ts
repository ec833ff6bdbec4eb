import { EMBEDDED_STORE } from './test-support/admin-harness.js';
import { describeProductVariants } from './test-support/admin-suites/product-variants-suite.js';

describeProductVariants(EMBEDDED_STORE);
