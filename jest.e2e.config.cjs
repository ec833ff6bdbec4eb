// End-to-end tests: they drive the real `npm start` platform (built JS, real processes).
const base = require('./jest.config.cjs');
/** @type {import('jest').Config} */
module.exports = {
  ...base,
  testMatch: ['**/*.e2e.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 180000,
};
