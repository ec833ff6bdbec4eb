import type { Logger } from 'pino';
import type { BatchGetProductsRequest, BatchGetProductsResponse } from '@pc/proto/catalog/v1/catalog';

/** The one catalog call notifications makes (the kit's client satisfies it). */
export interface BatchGetProductsCall {
  batchGetProducts(request: BatchGetProductsRequest): Promise<BatchGetProductsResponse>;
}

const MAX_CACHED = 10_000;

/**
 * A product's name in a language, for the words of an alert (ADR 150), from catalog and kept for
 * ten minutes (a user with several alerts on one product, a burst of firings). A product catalog
 * does not show, or catalog not answering, gives an empty name: the alert then goes out with its
 * plain title rather than late or not at all (and catalog is not asked again for that product for
 * half a minute, so a burst of firings does not wait out a hanging catalog one by one).
 */
export class ProductNames {
  private readonly known = new Map<string, { name: string; until: number }>();

  constructor(
    private readonly catalog: BatchGetProductsCall,
    private readonly logger: Logger,
    private readonly ttlMs = 600_000,
    private readonly retryAfterMs = 30_000,
  ) {}

  async of(productId: string, language: string): Promise<string> {
    const key = `${language}|${productId}`;
    const cached = this.known.get(key);
    if (cached && cached.until > Date.now()) return cached.name;
    let name: string;
    try {
      const { products } = await this.catalog.batchGetProducts({ productIds: [productId], language });
      name = products.find((product) => product.id === productId)?.name ?? '';
    } catch (error) {
      this.logger.warn({ err: error, productId }, 'product name not read: the alert goes out without it');
      // Not asked again for a while: a burst of firings must not wait out a hanging catalog each.
      return this.remember(key, '', this.retryAfterMs);
    }
    return this.remember(key, name, this.ttlMs);
  }

  private remember(key: string, name: string, forMs: number): string {
    if (this.known.size >= MAX_CACHED) this.known.clear();
    this.known.set(key, { name, until: Date.now() + forMs });
    return name;
  }
}
