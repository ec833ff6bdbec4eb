import { findTestDataset, testDataMissing } from '@pc/kit/config/test-data';

/**
 * A dataset folder (merchant feeds, the Google product taxonomy: no licence to redistribute them,
 * so they are read from PC_TEST_DATA), or null with a loud line on stderr naming what is skipped.
 */
export function testDataset(name: string, skipping: string): string | null {
  const dir = findTestDataset(name);
  if (dir === null) process.stderr.write(testDataMissing(name, skipping));
  return dir;
}
