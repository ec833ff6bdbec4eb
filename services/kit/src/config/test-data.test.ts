import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findTestDataset, testDataDir, testDataMissing } from './test-data';

const repoRoot = resolve(__dirname, '..', '..', '..', '..');

describe('test datasets: vendored first, else PC_TEST_DATA', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'pc-test-data-'));
    mkdirSync(join(folder, 'merchant-feeds'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('reads the folder PC_TEST_DATA names, relative paths from the repository root, and says when it is absent', () => {
    expect(testDataDir({ PC_TEST_DATA: folder })).toBe(folder);
    expect(testDataDir({ PC_TEST_DATA: 'services/crawler/testdata' })).toBe(
      join(repoRoot, 'services', 'crawler', 'testdata'),
    );
    expect(testDataDir({ PC_TEST_DATA: join(folder, 'nothing-here') })).toBeNull();
  });

  it('finds the vendored copy of a dataset whatever PC_TEST_DATA says', () => {
    for (const name of ['robots-spec-test', 'extruct-samples']) {
      expect(findTestDataset(name, { PC_TEST_DATA: folder })).toBe(
        join(repoRoot, 'services', 'crawler', 'testdata', name),
      );
    }
  });

  it('finds a dataset the repository does not carry in PC_TEST_DATA, and nothing elsewhere', () => {
    expect(findTestDataset('merchant-feeds', { PC_TEST_DATA: folder })).toBe(join(folder, 'merchant-feeds'));
    expect(findTestDataset('google-product-taxonomy', { PC_TEST_DATA: folder })).toBeNull();
    expect(findTestDataset('merchant-feeds', { PC_TEST_DATA: join(folder, 'nothing-here') })).toBeNull();
  });

  it('skips loudly, naming the dataset and the setting', () => {
    expect(testDataMissing('merchant-feeds', 'feed parser tests', {})).toContain(
      '*** SKIPPED: feed parser tests — the dataset merchant-feeds/ was not found (PC_TEST_DATA unset, default ../shared/data); set PC_TEST_DATA',
    );
    expect(testDataMissing('merchant-feeds', 'feed parser tests', { PC_TEST_DATA: '/data' })).toContain(
      '(PC_TEST_DATA=/data)',
    );
  });
});
