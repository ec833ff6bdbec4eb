import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testDataDir } from '@pc/kit/config/test-data';
import { builtinTaxonomy } from './builtin-categories.js';
import { buildTaxonomy } from './build-taxonomy.js';
import type { Language, Taxonomy } from './category.js';
import { parseTaxonomy, type TaxonomyLine } from './parse-taxonomy.js';

/** The newest English file first; translations are the 2015 snapshot (pt only as pt-BR). */
const ENGLISH_FILES = ['taxonomy-with-ids.en-US.2021-09-21.txt', 'taxonomy-with-ids.en-US.txt'];
const TRANSLATION_FILES: Readonly<Record<Exclude<Language, 'en'>, string>> = {
  de: 'taxonomy-with-ids.de-DE.txt',
  fr: 'taxonomy-with-ids.fr-FR.txt',
  it: 'taxonomy-with-ids.it-IT.txt',
  es: 'taxonomy-with-ids.es-ES.txt',
  pt: 'taxonomy-with-ids.pt-BR.txt',
};

/**
 * The Google product taxonomy from `PC_TEST_DATA` (localised names where a translation
 * exists), or, on a machine without them, the built-in list of our own (source 'builtin').
 */
export function loadTaxonomy(dataDir: string | null = testDataDir()): Taxonomy {
  const dir = dataDir ? join(dataDir, 'google-product-taxonomy') : null;
  const englishFile = dir ? ENGLISH_FILES.map((name) => join(dir, name)).find((path) => existsSync(path)) : undefined;
  if (!dir || !englishFile) return builtinTaxonomy();
  const read = (path: string): TaxonomyLine[] => parseTaxonomy(readFileSync(path, 'utf8'));
  const translations = new Map<Language, TaxonomyLine[]>();
  for (const [language, file] of Object.entries(TRANSLATION_FILES) as [Language, string][]) {
    const path = join(dir, file);
    if (existsSync(path)) translations.set(language, read(path));
  }
  return buildTaxonomy(read(englishFile), translations);
}
