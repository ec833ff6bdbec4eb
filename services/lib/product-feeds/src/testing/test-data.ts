import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Where the outside test datasets are (merchant feeds, the Google product taxonomy): they have no
 * licence to be redistributed, so they are not in the repository. `PC_TEST_DATA` when set, else
 * `shared/data` beside the checkout. Null when absent: tests then skip loudly.
 */
export function testDataDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const repoRoot = resolve(__dirname, '..', '..', '..', '..', '..');
  const dir = resolve(repoRoot, env.PC_TEST_DATA ?? join('..', 'shared', 'data'));
  return existsSync(dir) ? dir : null;
}

/** A dataset folder, or null (with a line on stderr naming what is skipped) when it is absent. */
export function testDataset(name: string, skipping: string): string | null {
  const dir = testDataDir();
  const path = dir ? join(dir, name) : null;
  if (path && existsSync(path)) return path;
  process.stderr.write(`SKIPPED ${skipping}: the test dataset "${name}" is not there (set PC_TEST_DATA to the folder holding it)\n`);
  return null;
}
