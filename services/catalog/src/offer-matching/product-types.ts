import { productTypeWords, type ProductTypeWords } from '../matching/product-type-words.js';
import type { GoogleTaxonomy } from '../taxonomy/google-taxonomy.js';

/**
 * The product-type words of the offers' Google categories: the category's names in the
 * taxonomy's languages ("Dolls", "Puppen", "Poupées", "Bambole", "Muñecas", "Bonecas"), so that
 * two shops naming one doll in their own language do not differ in that word. Built once per
 * category; none without the taxonomy or a category.
 */
export class ProductTypes {
  private readonly byGoogleId = new Map<number, ProductTypeWords | null>();

  constructor(private readonly taxonomy: () => Promise<GoogleTaxonomy | null>) {}

  async of(googleCategoryIds: Iterable<number>): Promise<ReadonlyMap<number, ProductTypeWords>> {
    const ids = [...new Set(googleCategoryIds)].filter((id) => id > 0);
    const unknown = ids.filter((id) => !this.byGoogleId.has(id));
    if (unknown.length > 0) {
      const taxonomy = await this.taxonomy();
      for (const id of unknown) {
        const node = taxonomy?.get(id);
        this.byGoogleId.set(id, node ? productTypeWords(`g${id}`, Object.values(node.names)) : null);
      }
    }
    const found = new Map<number, ProductTypeWords>();
    for (const id of ids) {
      const words = this.byGoogleId.get(id);
      if (words) found.set(id, words);
    }
    return found;
  }
}
