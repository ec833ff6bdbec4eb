import { batchGetProducts } from '~/services/catalog.server';
import { InvalidQueryError } from './invalid-query.server';

/** The shape of a product id (or the id segment of its URL): what no markup or path can hide in. */
const PRODUCT_ID = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * A product a request wants to keep (a favourite, an alert, a view) must be one the catalogue
 * shows (issue 43: favourites and alerts of products that do not exist, and a viewed id
 * `<script>`, were accepted): its canonical id, else 400 on `field` (rule "exists"). The
 * services that keep them own no catalogue, so the site asks catalog first.
 */
export async function knownProductId(field: string, productId: string): Promise<string> {
  const id = productId.trim();
  if (!PRODUCT_ID.test(id)) throw new InvalidQueryError([{ field, reason: 'must be a product id', rule: 'regex' }]);
  const [product] = await batchGetProducts([id], 'en');
  if (!product) throw new InvalidQueryError([{ field, reason: 'no such product', rule: 'exists' }]);
  return product.id;
}
