import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseTaxonomy, type TaxonomyLine } from './parse-taxonomy.js';

/** A category of the Google product taxonomy with its names in the languages we have. */
export interface TaxonomyNode {
  readonly id: number;
  /** 0 for a root. */
  readonly parentId: number;
  /** Name per ISO 639-1 language; English always, others where that file has the id. */
  readonly names: Readonly<Record<string, string>>;
}

export interface GoogleTaxonomy {
  get(id: number): TaxonomyNode | undefined;
  /** Root-first nodes from the root to `id`; [] when unknown. */
  pathTo(id: number): TaxonomyNode[];
  /** The id of a category path written in one language of the taxonomy (case aside); undefined when none. */
  idOfPath(language: string, path: readonly string[]): number | undefined;
  readonly size: number;
}

/** The newest English file first (it has ids added after the 2015 translations). */
const ENGLISH_FILES = ['taxonomy-with-ids.en-US.2021-09-21.txt', 'taxonomy-with-ids.en-US.txt'];
const TRANSLATION_FILES: Readonly<Record<string, string>> = {
  de: 'taxonomy-with-ids.de-DE.txt',
  fr: 'taxonomy-with-ids.fr-FR.txt',
  it: 'taxonomy-with-ids.it-IT.txt',
  es: 'taxonomy-with-ids.es-ES.txt',
  pt: 'taxonomy-with-ids.pt-BR.txt',
};

/** Joins the English tree with the translated names by id. */
export function buildTaxonomy(
  english: readonly TaxonomyLine[],
  translations: ReadonlyMap<string, readonly TaxonomyLine[]>,
): GoogleTaxonomy {
  const idByPath = new Map<string, number>();
  /** `${language}|${path in lower case}` → id, for offers that name their category but not its id. */
  const idByLocalPath = new Map<string, number>();
  const localKey = (language: string, path: readonly string[]) =>
    `${language}|${path.map((name) => name.trim().toLowerCase()).join(' > ')}`;
  const nodes = new Map<number, TaxonomyNode>();
  const names = new Map<number, Record<string, string>>();
  for (const [language, lines] of translations) {
    for (const line of lines) {
      idByLocalPath.set(localKey(language, line.path), line.id);
      const own = names.get(line.id) ?? {};
      own[language] = line.path[line.path.length - 1] ?? '';
      names.set(line.id, own);
    }
  }
  for (const line of english) {
    const parentId = line.path.length === 1 ? 0 : idByPath.get(line.path.slice(0, -1).join(' > '));
    if (parentId === undefined) throw new Error(`taxonomy id ${line.id} comes before its parent`);
    idByPath.set(line.path.join(' > '), line.id);
    idByLocalPath.set(localKey('en', line.path), line.id);
    nodes.set(line.id, {
      id: line.id,
      parentId,
      names: { ...names.get(line.id), en: line.path[line.path.length - 1] ?? '' },
    });
  }
  return {
    get: (id) => nodes.get(id),
    pathTo(id) {
      const path: TaxonomyNode[] = [];
      for (let node = nodes.get(id); node; node = node.parentId === 0 ? undefined : nodes.get(node.parentId))
        path.unshift(node);
      return path;
    },
    idOfPath: (language, path) => idByLocalPath.get(localKey(language, path)),
    size: nodes.size,
  };
}

/**
 * The taxonomy in `<dataDir>/google-product-taxonomy` (`PC_TEST_DATA`: the taxonomy declares no
 * licence to redistribute, so it is found at run time, never shipped). Null when the directory or
 * the English file is missing: categories then come from the offers' category paths alone.
 */
export async function loadGoogleTaxonomy(dataDir: string | null): Promise<GoogleTaxonomy | null> {
  if (!dataDir) return null;
  const dir = join(dataDir, 'google-product-taxonomy');
  const englishFile = ENGLISH_FILES.map((name) => join(dir, name)).find((path) => existsSync(path));
  if (!englishFile) return null;
  const read = async (path: string) => parseTaxonomy(await readFile(path, 'utf8'));
  const translations = new Map<string, TaxonomyLine[]>();
  await Promise.all(
    Object.entries(TRANSLATION_FILES).map(async ([language, file]) => {
      const path = join(dir, file);
      if (existsSync(path)) translations.set(language, await read(path));
    }),
  );
  return buildTaxonomy(await read(englishFile), translations);
}
