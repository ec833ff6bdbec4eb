// Fault tests restart a real engine (scripts/engines) mid-stream. They run on their own, one
// file at a time, so no other test ever sees an engine go away under it.
const base = require('./jest.config.cjs');
/** @type {import('jest').Config} */
module.exports = {
  ...base,
  testMatch: ['**/*.fault.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  maxWorkers: 1,
  testTimeout: 180000,
};
