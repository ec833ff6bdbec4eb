import type { Language, Taxonomy, TaxonomyCategory } from './category.js';
import type { TaxonomyLine } from './parse-taxonomy.js';

/**
 * Joins the English taxonomy (the tree) with its translations (names by id). Checks what the
 * dataset promises and the tree needs: ids unique, every parent before its children. Ids missing
 * from a translation (added to Google's taxonomy after 2015) simply have no name there.
 */
export function buildTaxonomy(
  english: readonly TaxonomyLine[],
  translations: ReadonlyMap<Language, readonly TaxonomyLine[]>,
): Taxonomy {
  const idByPath = new Map<string, number>();
  const categories: TaxonomyCategory[] = [];
  const byId = new Map<number, TaxonomyCategory>();
  const namesById = new Map<number, Partial<Record<Language, string>>>();
  for (const [language, lines] of translations) {
    for (const line of lines) {
      const names = namesById.get(line.id) ?? {};
      names[language] = line.path[line.path.length - 1];
      namesById.set(line.id, names);
    }
  }
  for (const line of english) {
    if (byId.has(line.id)) throw new Error(`taxonomy id ${line.id} appears twice`);
    const key = line.path.join(' > ');
    const parentKey = line.path.slice(0, -1).join(' > ');
    const parentId = line.path.length === 1 ? 0 : idByPath.get(parentKey);
    if (parentId === undefined) throw new Error(`taxonomy id ${line.id} comes before its parent "${parentKey}"`);
    const category: TaxonomyCategory = {
      id: line.id,
      parentId,
      depth: line.path.length - 1,
      names: { ...namesById.get(line.id), en: line.path[line.path.length - 1] as string },
    };
    idByPath.set(key, line.id);
    categories.push(category);
    byId.set(line.id, category);
  }
  return { source: 'google', categories, byId };
}
