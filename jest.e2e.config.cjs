// End-to-end tests: they drive the real `npm start` platform (built JS, real processes).
const base = require('./jest.config.cjs');
/** @type {import('jest').Config} */
module.exports = {
  ...base,
  // The browser tests of the site live beside it (web/e2e), the admin app's beside it
  // (web/admin/e2e), the platform's in scripts/e2e.
  roots: [...base.roots, '<rootDir>/web/e2e', '<rootDir>/web/admin/e2e'],
  testMatch: ['**/*.e2e.test.ts'],
  // The drivers sign with the keys of the platform they started (scripts/e2e), not with test keys.
  setupFilesAfterEnv: ['<rootDir>/scripts/jest/fail-on-console-error.cjs'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 180000,
};
