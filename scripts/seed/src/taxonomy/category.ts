/** The languages the site has texts in (spec §9: de, en, fr, it, pt, es). */
export const LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A category of the Google product taxonomy with its names in every language we have. */
export interface TaxonomyCategory {
  readonly id: number;
  /** 0 for a root. */
  readonly parentId: number;
  readonly depth: number;
  /** Name per language; English is always there, others when the taxonomy has them. */
  readonly names: Readonly<Partial<Record<Language, string>>> & { readonly en: string };
}

/** The categories in file order (parents before children), with lookups. */
export interface Taxonomy {
  /** 'google' when read from the shared dataset, 'builtin' for the fallback list. */
  readonly source: 'google' | 'builtin';
  readonly categories: readonly TaxonomyCategory[];
  readonly byId: ReadonlyMap<number, TaxonomyCategory>;
}

/** The name in a language, falling back to English (spec §1). */
export const nameIn = (category: TaxonomyCategory, language: Language): string =>
  category.names[language] ?? category.names.en;

/** Root-first path of ids ending at `id`. */
export function ancestry(taxonomy: Taxonomy, id: number): TaxonomyCategory[] {
  const path: TaxonomyCategory[] = [];
  for (let current = taxonomy.byId.get(id); current; current = taxonomy.byId.get(current.parentId)) {
    path.unshift(current);
    if (current.parentId === 0) break;
  }
  return path;
}

/** "Electronics > Audio > Headphones" in one language: the category path a shop sends. */
export const categoryPath = (taxonomy: Taxonomy, id: number, language: Language): string =>
  ancestry(taxonomy, id)
    .map((category) => nameIn(category, language))
    .join(' > ');
