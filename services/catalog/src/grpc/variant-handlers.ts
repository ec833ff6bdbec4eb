import { InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import type { ServiceHandlers } from '@pc/kit/grpc/service-types';
import type { CatalogServiceService, ProductVariant } from '@pc/proto/catalog/v1/catalog';
import { productIdFromSegment } from '../domain/ids.js';
import { resolveLanguage } from '../domain/localized.js';
import type { ProductRepository, StoredProduct } from '../store/product-repository.js';
import { modelKeyOf } from '../variants/model-key.js';
import { listVariants, type ListedVariant } from '../variants/product-variants.js';
import { intInRange, languageOf, requireField } from './request-fields.js';

type Handlers = ServiceHandlers<typeof CatalogServiceService>;

const DEFAULT_VARIANTS = 24;
const MAX_VARIANTS = 24;
/** Products of one model key read at most: duplicates and the product itself are dropped after. */
const MODEL_READ = 64;
/** What a product id can be: catalog's base32 ids, imported ones with dashes or underscores. */
const PRODUCT_ID = /^[A-Za-z0-9_.-]{1,64}$/;

function productIdOf(raw: string): string {
  const id = productIdFromSegment(requireField('product_id', raw));
  if (!PRODUCT_ID.test(id))
    throw new InvalidArgumentError([
      { field: 'product_id', reason: 'must be a product id or a product URL segment ("{slug}-p{id}")', rule: 'regex' },
    ]);
  return id;
}

function toVariantMessage(
  { product, attributes, current }: ListedVariant<StoredProduct>,
  language: string,
): ProductVariant {
  const image = product.images[0];
  return {
    productId: product._id,
    slug: product.slug,
    name: resolveLanguage(product.texts, language)?.name ?? '',
    image: image ? { ...image } : undefined,
    attributes: attributes.map(({ attribute, value }) => ({ attribute, value })),
    current,
  };
}

/** ListProductVariants: the products of a product's model key (ADR 138). */
export function variantHandlers(products: ProductRepository): Pick<Handlers, 'listProductVariants'> {
  return {
    listProductVariants: async (request) => {
      const language = languageOf(request.language);
      const limit = request.limit === 0 ? DEFAULT_VARIANTS : intInRange('limit', request.limit, 1, MAX_VARIANTS);
      const id = productIdOf(request.productId);
      const product = await products.get(id);
      if (!product || product.status === 'hidden') throw new NotFoundError('product', id);
      // A merged product's page redirects to its target; it lists nothing of its own.
      const modelKey = product.status === 'active' ? modelKeyOf(product) : '';
      if (modelKey === '') return { variants: [], modelKey };
      const candidates = await products.findActiveOfModel(modelKey, MODEL_READ);
      return {
        variants: listVariants(product, candidates, language, limit).map((variant) =>
          toVariantMessage(variant, language),
        ),
        modelKey,
      };
    },
  };
}
