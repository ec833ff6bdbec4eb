import { InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import type { ServiceHandlers } from '@pc/kit/grpc/service-types';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { ProductOrder, type CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import type { Product } from '@pc/proto/catalog/v1/types';
import { productIdFromSegment } from '../domain/ids.js';
import type { ProductRecord } from '../domain/product.js';
import { toProductMessage } from '../domain/product-message.js';
import { rankSimilar } from '../domain/similar-products.js';
import { normalizeGtin } from '../matching/gtin.js';
import type { BrandRepository } from '../store/brand-repository.js';
import type { CategoryRepository } from '../store/category-repository.js';
import type { ProductKeyRepository } from '../store/product-key-repository.js';
import type { ProductRelationsLoader } from '../store/product-relations.js';
import type { ProductListOrder, ProductRepository, StoredProduct } from '../store/product-repository.js';
import { enumField, intInRange, languageOf, requireField } from './request-fields.js';

type Handlers = ServiceHandlers<typeof CatalogServiceService>;

export interface ProductReadDependencies {
  readonly products: ProductRepository;
  readonly brands: BrandRepository;
  readonly categories: CategoryRepository;
  readonly keys: ProductKeyRepository;
  readonly relations: ProductRelationsLoader;
}

const LIST_PAGE = { defaultSize: 20, maxSize: 100 };
const MAX_BATCH_IDS = 100;
/** The longest name start ListProducts filters by (the staff table's search box takes as much). */
const MAX_NAME_PREFIX = 200;
const DEFAULT_SIMILAR = 12;
const MAX_SIMILAR = 50;
/** Candidates read per source (same category, sibling categories, same brand) for similar products. */
const SIMILAR_CANDIDATES = 200;

const ORDERS = new Map<ProductOrder, ProductListOrder>([
  [ProductOrder.PRODUCT_ORDER_UNSPECIFIED, 'newest'],
  [ProductOrder.PRODUCT_ORDER_NEWEST, 'newest'],
  [ProductOrder.PRODUCT_ORDER_NAME, 'name'],
  [ProductOrder.PRODUCT_ORDER_RATING, 'rating'],
  [ProductOrder.PRODUCT_ORDER_UPDATED, 'updated'],
]);

/** Visible to readers: hidden products are NOT_FOUND; merged ones are returned so callers redirect. */
const visible = (product: StoredProduct | null | undefined): product is StoredProduct =>
  !!product && product.status !== 'hidden';

export function productHandlers(
  deps: ProductReadDependencies,
): Pick<Handlers, 'getProduct' | 'batchGetProducts' | 'listProducts' | 'findProductsByGtin' | 'getSimilarProducts'> {
  const { products, brands, categories, keys, relations } = deps;

  const toMessages = async (records: readonly StoredProduct[], language: string): Promise<Product[]> => {
    const relationsOf = await relations.load(records);
    return records.map((record) => toProductMessage(record, language, relationsOf(record)));
  };

  const getVisible = async (rawId: string, field: string): Promise<StoredProduct> => {
    const id = productIdFromSegment(requireField(field, rawId));
    const product = await products.get(id);
    if (!visible(product)) throw new NotFoundError('product', id);
    return product;
  };

  return {
    getProduct: async (request) => {
      const language = languageOf(request.language);
      const product = await getVisible(request.productId, 'product_id');
      const [message] = await toMessages([product], language);
      return { product: message };
    },

    batchGetProducts: async (request) => {
      const language = languageOf(request.language);
      if (request.productIds.length > MAX_BATCH_IDS) {
        throw new InvalidArgumentError([
          {
            field: 'product_ids',
            reason: `at most ${MAX_BATCH_IDS} ids`,
            rule: 'max',
            params: { max: String(MAX_BATCH_IDS) },
          },
        ]);
      }
      const ids = [
        ...new Set(request.productIds.map((id) => productIdFromSegment(id.trim())).filter((id) => id !== '')),
      ];
      const found = await products.getMany(ids);
      const hits = ids.map((id) => found.get(id)).filter(visible);
      return { products: await toMessages(hits, language), missingIds: ids.filter((id) => !visible(found.get(id))) };
    },

    listProducts: async (request) => {
      const language = languageOf(request.language);
      const page = resolvePage(request.page, LIST_PAGE);
      const order = enumField('order', request.order, ORDERS);
      let brandId: string | undefined;
      if (request.brandSlug) {
        const brand = await brands.getBySlug(request.brandSlug);
        if (!brand) throw new NotFoundError('brand', request.brandSlug);
        brandId = brand._id;
      }
      let categoryIds: string[] | undefined;
      if (request.categoryId) {
        if (!(await categories.get(request.categoryId))) throw new NotFoundError('category', request.categoryId);
        categoryIds = request.includeDescendants
          ? [request.categoryId, ...(await categories.descendantIds(request.categoryId))]
          : [request.categoryId];
      }
      const { items, total } = await products.list(
        {
          brandId,
          categoryIds,
          namePrefix: namePrefixOf(request.namePrefix),
          includeInactive: request.includeInactive,
        },
        order,
        page,
      );
      return { products: await toMessages(items, language), page: pageResponse(page, total) };
    },

    findProductsByGtin: async (request) => {
      const language = languageOf(request.language);
      const gtin = normalizeGtin(requireField('gtin', request.gtin));
      if (!gtin) {
        throw new InvalidArgumentError([
          { field: 'gtin', reason: 'must be 8, 12, 13 or 14 digits with a valid check digit', rule: 'gtin' },
        ]);
      }
      const owner = (await keys.gtinOwners([gtin])).get(gtin);
      const product = owner ? await products.get(owner) : null;
      // A merged product's GTINs moved to its target: only an active one, or a hidden one for staff.
      const shown = (status: string) =>
        status === 'active' || (request.includeInactive === true && status === 'hidden');
      const found = product && shown(product.status) ? [product] : [];
      return { normalizedGtin: gtin, products: await toMessages(found, language) };
    },

    getSimilarProducts: async (request) => {
      const language = languageOf(request.language);
      const limit = request.limit === 0 ? DEFAULT_SIMILAR : intInRange('limit', request.limit, 1, MAX_SIMILAR);
      const product = await getVisible(request.productId, 'product_id');
      const candidates = await similarCandidates(deps, product);
      return { products: await toMessages(rankSimilar(product, candidates, language, limit), language) };
    },
  };
}

/** The name start of a list, lower-cased as the stored sort names are; undefined for none. */
function namePrefixOf(raw: string | undefined): string | undefined {
  const prefix = (raw ?? '').trim().toLowerCase();
  if (prefix === '') return undefined;
  if ([...prefix].length > MAX_NAME_PREFIX) {
    throw new InvalidArgumentError([
      {
        field: 'name_prefix',
        reason: `at most ${MAX_NAME_PREFIX} characters`,
        rule: 'max',
        params: { max: String(MAX_NAME_PREFIX) },
      },
    ]);
  }
  return prefix;
}

/** Products of the same category, of its sibling categories and of the same brand. */
async function similarCandidates(
  { products, categories }: ProductReadDependencies,
  product: ProductRecord,
): Promise<StoredProduct[]> {
  const parentId = product.categoryPathIds[product.categoryPathIds.length - 2];
  const siblingIds = parentId
    ? (await categories.childrenOf([parentId])).map((c) => c._id).filter((id) => id !== product.categoryId)
    : [];
  const reads = await Promise.all([
    product.categoryId ? products.findActive({ categoryIds: [product.categoryId] }, SIMILAR_CANDIDATES) : [],
    siblingIds.length > 0 ? products.findActive({ categoryIds: siblingIds }, SIMILAR_CANDIDATES) : [],
    product.brandId ? products.findActive({ brandId: product.brandId }, SIMILAR_CANDIDATES) : [],
  ]);
  return reads.flat();
}
