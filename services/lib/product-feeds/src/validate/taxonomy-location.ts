import { existsSync } from 'node:fs';
import { findTestDataset } from '@pc/kit/config/test-data';
import { GoogleTaxonomy, taxonomyFilesIn } from './google-taxonomy.js';

/**
 * Where Google's taxonomy files are on this machine: `GOOGLE_TAXONOMY_DIR`, else the
 * `google-product-taxonomy` folder of the outside datasets (`PC_TEST_DATA`, default
 * data folder beside the repository), as catalog finds them. Null when there is none:
 * validation then checks categories for form only.
 */
export function findTaxonomyDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = [env.GOOGLE_TAXONOMY_DIR, findTestDataset('google-product-taxonomy', env)];
  for (const candidate of candidates)
    if (candidate && existsSync(candidate) && taxonomyFilesIn(candidate).length > 0) return candidate;
  return null;
}

/** The taxonomy in `dir` (or found by findTaxonomyDir), or null when there is none. */
export async function loadTaxonomyFrom(dir: string | null = findTaxonomyDir()): Promise<GoogleTaxonomy | null> {
  const files = dir ? taxonomyFilesIn(dir) : [];
  return files.length > 0 ? GoogleTaxonomy.load(files) : null;
}
