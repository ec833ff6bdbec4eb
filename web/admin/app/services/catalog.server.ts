import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { CatalogServiceService, ProductOrder, ReviewOrder } from '@pc/proto/catalog/v1/catalog';
import { ProductStatus, type Product, type Review } from '@pc/proto/catalog/v1/types';
import { config } from '../config.server';
import type { Attribute, ImageDetails } from '../panels/shopping/product-lists';
import { productSearch } from '../panels/shopping/product-search';
import type { TextLanguage } from '../panels/shopping/text-languages';
import type { TablePage, TableQuery } from '../tables/table-query';
import { client } from './grpc.server';
import { productsByWords } from './products-by-words.server';
import { emptyTablePage, pageRequest, tablePage } from '../tables/table-page';

const catalog = client(CatalogServiceService, config.CATALOG_GRPC_ADDR);

const STATUS_NAMES = new Map<ProductStatus, string>([
  [ProductStatus.PRODUCT_STATUS_ACTIVE, 'active'],
  [ProductStatus.PRODUCT_STATUS_HIDDEN, 'hidden'],
  [ProductStatus.PRODUCT_STATUS_MERGED, 'merged'],
]);

/** A product as the shopping panel shows and edits it, texts in one language. */
export interface ProductRow {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** The language the texts are in: the one asked for, or the fallback when it has none. */
  readonly language: string;
  readonly brand: string;
  readonly category: string;
  /** '' when the product has none (a split's new product starts with these). */
  readonly brandId: string;
  readonly categoryId: string;
  readonly gtins: readonly string[];
  readonly mpn: string;
  readonly manufacturer: string;
  /** The gallery, main image first. */
  readonly images: readonly ImageDetails[];
  readonly attributes: readonly Attribute[];
  readonly status: string;
  readonly version: number;
  readonly updatedAt: string;
}

const productRow = (product: Product): ProductRow => ({
  id: product.id,
  name: product.name,
  description: product.description,
  language: product.language,
  brand: product.brand?.name ?? '',
  category: product.category?.name ?? '',
  brandId: product.brand?.id ?? '',
  categoryId: product.category?.id ?? '',
  gtins: product.gtins,
  mpn: product.mpn,
  manufacturer: product.manufacturer,
  images: product.images.map(({ id, name, src, alt, width, height }) => ({ id, name, src, alt, width, height })),
  attributes: product.features.map(({ group, name, value }) => ({ group, name, value })),
  status: STATUS_NAMES.get(product.status) ?? '',
  version: Number(product.version),
  updatedAt: product.updatedAt?.toISOString() ?? '',
});

export const PRODUCT_SORTS = ['created', 'name', 'updated'] as const;

function order(query: TableQuery): ProductOrder {
  if (query.sort === 'name') return ProductOrder.PRODUCT_ORDER_NAME;
  if (query.sort === 'updated') return ProductOrder.PRODUCT_ORDER_UPDATED;
  return ProductOrder.PRODUCT_ORDER_NEWEST;
}

/** Why the table's filters find nothing, said beside the filter's input instead of an empty table alone. */
export type ProductFilterProblem =
  | { readonly field: 'q'; readonly problem: 'checkDigit' }
  | { readonly field: 'q'; readonly problem: 'notGtin'; readonly digits: number }
  | { readonly field: 'brand'; readonly problem: 'unknownBrand' }
  | { readonly field: 'category'; readonly problem: 'unknownCategory' };

export interface ProductTable {
  readonly page: TablePage<ProductRow>;
  /** The searched GTIN as catalog normalised it (14 digits); '' when the search is no GTIN. */
  readonly gtin: string;
  readonly problem: ProductFilterProblem | null;
  /** No name starts with the text: the rows are the listed products whose names carry its words. */
  readonly byWords?: boolean;
}

const noRows = (query: TableQuery): TablePage<ProductRow> => emptyTablePage({ page: 1, size: query.size });

/** A refusal of catalog that names a filter's input (anything else stays the page's error). */
function filterProblem(error: unknown): ProductFilterProblem | null {
  if (!(error instanceof RpcError)) return null;
  // NotFoundError's message: "<resource> <id> not found".
  if (error.code === GrpcStatus.NOT_FOUND)
    return error.details.startsWith('category ')
      ? { field: 'category', problem: 'unknownCategory' }
      : { field: 'brand', problem: 'unknownBrand' };
  // The box held 8, 12, 13 or 14 digits (not all zero): what catalog refuses then is the check digit.
  if (error.code === GrpcStatus.INVALID_ARGUMENT && error.violations.some((violation) => violation.field === 'gtin'))
    return { field: 'q', problem: 'checkDigit' };
  return null;
}

/**
 * The product table, every status: filtered by the search box (`q`: a GTIN finds the product
 * carrying it, other text the products whose name starts with it), the brand (slug) and the
 * category (with its subcategories, as the tree counts them); one page in the service's order.
 * A GTIN's product is shown only when the brand and category filters hold for it too.
 */
export async function productTable(query: TableQuery, language: string): Promise<ProductTable> {
  const brandSlug = (query.filters.brand ?? '').trim().toLowerCase();
  const categoryId = (query.filters.category ?? '').trim();
  const search = productSearch(query.filters.q ?? '');
  if (search.kind === 'notGtin')
    return { page: noRows(query), gtin: '', problem: { field: 'q', problem: 'notGtin', digits: search.digits } };
  try {
    if (search.kind === 'gtin') {
      const found = await catalog.findProductsByGtin({ gtin: search.gtin, language, includeInactive: true });
      const rows = found.products
        .filter((product) => brandSlug === '' || product.brand?.slug === brandSlug)
        .filter(
          (product) =>
            categoryId === '' ||
            product.category?.id === categoryId ||
            product.breadcrumbs.some((step) => step.id === categoryId),
        )
        .map(productRow);
      return {
        page: { rows, page: 1, size: query.size, total: rows.length, pages: rows.length > 0 ? 1 : 0 },
        gtin: found.normalizedGtin,
        problem: null,
      };
    }
    const answer = await catalog.listProducts({
      brandSlug,
      categoryId,
      includeDescendants: true,
      includeInactive: true,
      order: order(query),
      page: pageRequest(query),
      language,
      namePrefix: search.kind === 'name' ? search.prefix : undefined,
    });
    if (search.kind === 'name' && (answer.page?.total ?? 0) === 0) {
      const found = await productsByWords(search.prefix, {
        language,
        brandSlug,
        categoryId,
        page: query.page,
        size: query.size,
      });
      const { total, pages } = found;
      return {
        page: { rows: found.products.map(productRow), page: query.page, size: query.size, total, pages },
        gtin: '',
        problem: null,
        byWords: true,
      };
    }
    return {
      page: tablePage(answer.products.map(productRow), answer.page, query),
      gtin: '',
      problem: null,
    };
  } catch (error) {
    const problem = filterProblem(error);
    if (problem === null) throw error;
    return { page: noRows(query), gtin: '', problem };
  }
}

/** One product with its texts in `language` (or the fallback); null when catalog does not know it. */
export async function productById(productId: string, language: TextLanguage): Promise<ProductRow | null> {
  try {
    const { product } = await catalog.getProduct({ productId, language });
    return product ? productRow(product) : null;
  } catch (error) {
    if (error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND) return null;
    throw error;
  }
}

/** The fields the product form edits; catalog checks staff:shopping, validates and audits. */
export interface ProductEdit {
  readonly language: TextLanguage;
  readonly name: string;
  readonly description: string;
  readonly mpn: string;
  readonly manufacturer: string;
  readonly gtins: readonly string[];
  /** The whole new gallery and attribute list, each replacing the product's; undefined leaves it. */
  readonly images?: readonly ImageDetails[];
  readonly attributes?: readonly Attribute[];
}

export async function updateProduct(
  actorUserId: string,
  productId: string,
  expectedVersion: number,
  edit: ProductEdit,
): Promise<void> {
  await catalog.updateProduct({
    productId,
    actorUserId,
    expectedVersion,
    texts: [{ language: edit.language, name: edit.name, description: edit.description }],
    mpn: edit.mpn,
    manufacturer: edit.manufacturer,
    replaceGtins: true,
    gtins: [...edit.gtins],
    replaceImages: edit.images !== undefined,
    images: (edit.images ?? []).map((image) => ({ ...image })),
    replaceFeatures: edit.attributes !== undefined,
    features: (edit.attributes ?? []).map((attribute) => ({ ...attribute })),
    language: edit.language,
  });
}

/** A review as moderation shows it. */
export interface ReviewRow {
  readonly id: string;
  readonly author: string;
  readonly rating: number;
  readonly title: string;
  readonly body: string;
  /** Where an imported review comes from; empty for one written here. */
  readonly domain: string;
  readonly publishedAt: string;
}

const reviewRow = (review: Review): ReviewRow => ({
  id: review.id,
  author: review.author,
  rating: review.rating,
  title: review.title,
  body: review.body,
  domain: review.domain,
  publishedAt: review.publishedAt?.toISOString() ?? '',
});

/** A product's newest reviews (every language), for moderation on its page. */
export async function productReviews(productId: string, limit: number): Promise<ReviewRow[]> {
  const { reviews } = await catalog.listReviews({
    productId,
    language: '',
    rating: 0,
    order: ReviewOrder.REVIEW_ORDER_NEWEST,
    page: { page: 1, hitsPerPage: limit },
  });
  return reviews.map(reviewRow);
}
