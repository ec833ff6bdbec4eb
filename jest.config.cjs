// Unit, contract and service tests: TypeScript sources run directly through SWC (no build needed,
// except `npm run gen` for the generated protos). Workspace imports resolve to sources, not dist.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: [
    '<rootDir>/services',
    '<rootDir>/scripts',
    '<rootDir>/web/app',
    '<rootDir>/web/test',
    '<rootDir>/web/admin/app',
  ],
  testMatch: ['**/*.test.ts'],
  // End-to-end and fault tests (which restart shared engines) have configs of their own.
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '\\.e2e\\.test\\.ts$', '\\.fault\\.test\\.ts$'],
  transform: {
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    // Hand-written beside the generated code of @pc/proto (see proto/README.md).
    '^@pc/proto/(event-catalog|event-type)$': '<rootDir>/proto/src/$1',
    '^@pc/proto/(.*)$': '<rootDir>/proto/gen/$1',
    '^@pc/kit/(.*)$': '<rootDir>/services/kit/src/$1',
    '^@pc/(sqlite-document-store|embedded-event-log|embedded-search-index|in-process-cache)/(.*)$':
      '<rootDir>/services/engines/$1/src/$2',
    '^@pc/(kafka-event-bus|mongodb-document-store|elasticsearch-search-index|redis-cache)/(.*)$':
      '<rootDir>/services/engines/$1/src/$2',
    '^@pc/engine-profile/(.*)$': '<rootDir>/services/engines/profile/src/$1',
    '^@pc/(text-analysis|staff-access|audit-log|jobs|fx-rates)/(.*)$': '<rootDir>/services/lib/$1/src/$2',
    '^@pc/product-feeds/(.*)$': '<rootDir>/services/lib/product-feeds/src/$1',
    '^@pc/seed/(.*)$': '<rootDir>/scripts/seed/src/$1',
    '^@pc/demo-shops/(.*)$': '<rootDir>/scripts/demo-shops/src/$1',
    '^@pc/safe-fetch/(.*)$': '<rootDir>/services/lib/safe-fetch/src/$1',
    '^~/(.*)$': '<rootDir>/web/app/$1',
    // marked ships only ESM as its main entry; its UMD build is the same code for CommonJS jest.
    '^marked$': '<rootDir>/node_modules/marked/lib/marked.umd.js',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  // Callers verified as in production (ADR 052): a test names the principal and user it calls as.
  setupFilesAfterEnv: [
    '<rootDir>/scripts/jest/fail-on-console-error.cjs',
    '<rootDir>/scripts/jest/with-test-identity.ts',
  ],
  testTimeout: 30000,
};
