import { productTypeWords, type ProductTypeWords } from '../matching/product-type-words.js';
import type { CategoryVocabulary } from '../derived/token-statistics.js';
import type { GoogleTaxonomy } from '../taxonomy/google-taxonomy.js';

/**
 * The product-type words of the offers' Google categories: the category's names in the
 * taxonomy's languages ("Dolls", "Puppen", "Poupées", "Bambole", "Muñecas", "Bonecas"), so that
 * two shops naming one doll in their own language do not differ in that word; and the words the
 * catalog's own names of the category use in one language and not in another ("Jeu de société",
 * "Gioco da tavolo"), from the token statistics' snapshot. Built once per category and snapshot;
 * none without either.
 */
export class ProductTypes {
  private readonly taxonomyWords = new Map<number, readonly string[]>();
  private readonly byGoogleId = new Map<number, ProductTypeWords | null>();
  private builtFor = '';

  constructor(
    private readonly taxonomy: () => Promise<GoogleTaxonomy | null>,
    private readonly vocabulary: () => CategoryVocabulary,
  ) {}

  async of(googleCategoryIds: Iterable<number>): Promise<ReadonlyMap<number, ProductTypeWords>> {
    const vocabulary = this.vocabulary();
    if (vocabulary.snapshotId !== this.builtFor) {
      this.byGoogleId.clear();
      this.builtFor = vocabulary.snapshotId;
    }
    const ids = [...new Set(googleCategoryIds)].filter((id) => id > 0);
    await this.readTaxonomyWords(ids);
    const found = new Map<number, ProductTypeWords>();
    for (const id of ids) {
      if (!this.byGoogleId.has(id)) this.byGoogleId.set(id, this.build(id, vocabulary));
      const words = this.byGoogleId.get(id);
      if (words) found.set(id, words);
    }
    return found;
  }

  private build(id: number, vocabulary: CategoryVocabulary): ProductTypeWords | null {
    const named = this.taxonomyWords.get(id) ?? [];
    const learned = vocabulary.words.get(id) ?? [];
    if (named.length === 0 && learned.length === 0) return null;
    const type = productTypeWords(`g${id}`, named);
    return learned.length === 0
      ? type
      : { key: `${type.key}@${vocabulary.snapshotId}`, words: new Set([...type.words, ...learned]) };
  }

  private async readTaxonomyWords(ids: readonly number[]): Promise<void> {
    const unread = ids.filter((id) => !this.taxonomyWords.has(id));
    if (unread.length === 0) return;
    const taxonomy = await this.taxonomy();
    for (const id of unread) this.taxonomyWords.set(id, Object.values(taxonomy?.get(id)?.names ?? {}));
  }
}
