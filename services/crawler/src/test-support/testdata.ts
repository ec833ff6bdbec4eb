import { findTestDataset } from '@pc/kit/config/test-data';

/**
 * The folder of an outside test suite (`robots-spec-test`, `extruct-samples`): vendored under
 * services/crawler/testdata/ with its licence and SOURCE.md, found by the kit's
 * `findTestDataset` (a vendored copy first, else PC_TEST_DATA).
 */
export function testdataDir(name: string): string {
  const dir = findTestDataset(name);
  if (dir === null) throw new Error(`test data ${name} not found: not under a package's testdata/ nor in PC_TEST_DATA`);
  return dir;
}
