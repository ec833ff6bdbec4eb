import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findSharedDataDir } from '@pc/kit/config/shared-data';

/**
 * The folder of an outside test suite (`robots-spec-test`, `extruct-samples`): vendored under
 * services/crawler/testdata/, else in the shared data folder the kit finds (PC_SHARED_DATA, …).
 */
export function testdataDir(name: string): string {
  const vendored = join(__dirname, '..', '..', 'testdata', name);
  if (existsSync(vendored)) return vendored;
  const shared = findSharedDataDir();
  if (shared !== null && existsSync(join(shared, name))) return join(shared, name);
  throw new Error(`test data ${name} not found: neither ${vendored} nor PC_SHARED_DATA/${name}`);
}
