import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';

/** A catalog product merged into another (catalog's ProductChanged with status MERGED). */
export interface ProductMergeRecord {
  /** The merged (duplicate) product. */
  readonly _id: string;
  readonly targetId: string;
  readonly mergedAt: string;
}

/** Merges seldom chain; a loop (never made by catalog) must not hang a lookup. */
const MAX_HOPS = 10;

/** The merges offers has seen: where a product's offers belong now. */
export class ProductMergeRepository {
  private constructor(private readonly merges: Collection<ProductMergeRecord>) {}

  static async open(store: DocumentStore): Promise<ProductMergeRepository> {
    return new ProductMergeRepository(await store.collection<ProductMergeRecord>({ name: 'product_merges' }));
  }

  async record(productId: string, targetId: string, at: Date): Promise<void> {
    await this.merges.put({ _id: productId, targetId, mergedAt: at.toISOString() });
  }

  /** The product `productId` ends up in after every merge seen (itself when never merged). */
  async resolve(productId: string): Promise<string> {
    let id = productId;
    for (let hop = 0; hop < MAX_HOPS && id; hop += 1) {
      const merge = await this.merges.get(id);
      if (!merge || merge.targetId === productId) return id;
      id = merge.targetId;
    }
    return id;
  }
}
