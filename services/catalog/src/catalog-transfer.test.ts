import { EMBEDDED_STORE } from './test-support/admin-harness.js';
import { describeCatalogImports } from './test-support/admin-suites/catalog-import-suite.js';

// Imports of products and categories on the embedded store (catalog-admin-on-mongodb.test.ts: the
// same on MongoDB).
describeCatalogImports(EMBEDDED_STORE);
