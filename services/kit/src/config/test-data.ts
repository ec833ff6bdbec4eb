import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository's root, from src/config or dist/config of the kit. */
const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');

/** The one setting for outside datasets the repository does not carry, and its default. */
export const TEST_DATA_VARIABLE = 'PC_TEST_DATA';
export const TEST_DATA_DEFAULT = '../shared/data';

/**
 * The folder of the public datasets the repository may not redistribute (the Google product
 * taxonomy and most merchant feeds declare no licence; the product-matching pairs carry their
 * sources' terms): `PC_TEST_DATA`, relative to the repository's root, by default `../shared/data`.
 * Null when it does not exist: callers then fall back (catalog: categories from offers' paths) or
 * skip with a message that names the setting (`testDataMissing`).
 */
export function testDataDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const dir = resolve(REPO_ROOT, env[TEST_DATA_VARIABLE] || TEST_DATA_DEFAULT);
  return existsSync(dir) ? dir : null;
}

/**
 * The folder of one dataset: the copy vendored in the repository when there is one (a package's
 * `testdata/<name>/`, with its SOURCE.md: licence, origin, commit), else `<PC_TEST_DATA>/<name>`.
 * Null when neither exists.
 */
export function findTestDataset(name: string, env: NodeJS.ProcessEnv = process.env): string | null {
  for (const parent of ['services', 'scripts']) {
    const packages = existsSync(join(REPO_ROOT, parent)) ? readdirSync(join(REPO_ROOT, parent)) : [];
    for (const pkg of packages) {
      const vendored = join(REPO_ROOT, parent, pkg, 'testdata', name);
      if (existsSync(vendored)) return vendored;
    }
  }
  const dir = testDataDir(env);
  return dir && existsSync(join(dir, name)) ? join(dir, name) : null;
}

/** The loud line a test prints when it skips for want of a dataset. */
export function testDataMissing(dataset: string, what: string, env: NodeJS.ProcessEnv = process.env): string {
  const where = env[TEST_DATA_VARIABLE]
    ? `${TEST_DATA_VARIABLE}=${env[TEST_DATA_VARIABLE]}`
    : `${TEST_DATA_VARIABLE} unset, default ${TEST_DATA_DEFAULT}`;
  return `\n*** SKIPPED: ${what} — the dataset ${dataset}/ was not found (${where}); set ${TEST_DATA_VARIABLE} to the folder that holds it ***\n`;
}
