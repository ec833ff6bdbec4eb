import { createServiceClient } from '@pc/kit/grpc/client';
import {
  CatalogServiceService,
  ProductOrder,
  type ListReviewsResponse,
  type ProductVariant,
  type ReviewOrder,
} from '@pc/proto/catalog/v1/catalog';
import type { Brand, Category, Product } from '@pc/proto/catalog/v1/types';
import { EntitySort } from '@pc/proto/common/v1/sort';
import { config, serviceAddress } from '~/config.server';

/** Gateway to the catalog service: the generated client behind view-shaped functions. */
const catalog = createServiceClient(CatalogServiceService, serviceAddress('catalog'), {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});

export interface CategoryCard {
  readonly id: string;
  readonly name: string;
  readonly productsCount: number;
}

export interface BrandCard {
  readonly slug: string;
  readonly name: string;
  readonly productsCount: number;
}

export async function rootCategories(language: string): Promise<{ items: CategoryCard[]; total: number }> {
  const response = await catalog.listCategories({
    parentId: '',
    sort: EntitySort.ENTITY_SORT_UNSPECIFIED,
    page: { page: 1, hitsPerPage: 24 },
    language,
  });
  return {
    items: response.categories.map((c) => ({ id: c.id, name: c.name, productsCount: c.productsCount })),
    total: response.page?.total ?? 0,
  };
}

/** A category and its children, names in the reader's language. */
export interface CategoryTreeNode {
  readonly id: string;
  readonly name: string;
  readonly productsCount: number;
  readonly children: readonly CategoryTreeNode[];
}

/** The whole category tree (spec §2.2 categories list), each category once, names in `language`. */
export async function categoryTree(language: string): Promise<CategoryTreeNode[]> {
  const response = await catalog.getCategoryTree({ rootId: '', maxDepth: 6, language });
  const node = (n: (typeof response.nodes)[number]): CategoryTreeNode => ({
    id: n.category?.id ?? '',
    name: n.category?.name ?? '',
    productsCount: n.category?.productsCount ?? 0,
    children: n.children.map(node),
  });
  return response.nodes.map(node);
}

export async function popularBrands(language: string): Promise<{ items: BrandCard[]; total: number }> {
  const response = await catalog.listBrands({
    namePrefix: '',
    minProducts: 0,
    sort: EntitySort.ENTITY_SORT_PRODUCT_COUNT,
    page: { page: 1, hitsPerPage: 24 },
    language,
  });
  return {
    items: response.brands.map((b) => ({ slug: b.slug, name: b.name, productsCount: b.productsCount })),
    total: response.page?.total ?? 0,
  };
}

/** A service answered OK without the entity its contract promises: a bug on its side. */
function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`catalog answered without ${what}`);
  return value;
}

/** One product with texts in `language` (NOT_FOUND for an unknown or hidden id). */
export async function getProduct(productId: string, language: string): Promise<Product> {
  return required((await catalog.getProduct({ productId, language })).product, 'a product');
}

/** Products similar to one, most similar first (NOT_FOUND for an unknown product). */
export async function getSimilarProducts(productId: string, language: string, limit: number): Promise<Product[]> {
  return (await catalog.getSimilarProducts({ productId, language, limit })).products;
}

export interface ReviewsQuery {
  readonly productId: string;
  /** Only reviews with this star rating; 0 for all. */
  readonly rating: number;
  readonly order: ReviewOrder;
  readonly page: number;
  readonly hitsPerPage: number;
}

/** A page of a product's reviews with its rating summary, in every language. */
export function listReviews(query: ReviewsQuery): Promise<ListReviewsResponse> {
  return catalog.listReviews({
    productId: query.productId,
    language: '',
    rating: query.rating,
    order: query.order,
    page: { page: query.page, hitsPerPage: query.hitsPerPage },
  });
}

/** A page of the reviews the user wrote on this site, newest first (their copy of their data, ADR 148). */
export function listOwnReviews(actorUserId: string, page: number, hitsPerPage: number) {
  return catalog.listOwnReviews({ actorUserId, page: { page, hitsPerPage } });
}

/** A signed-in user's review of a product, under their name (catalog updates the rating). */
export function addReview(
  actorUserId: string,
  review: { productId: string; author: string; rating: number; title: string; body: string; language: string },
) {
  return catalog.addReview({
    ...review,
    actorUserId,
    sourceDomain: '',
    sourceReviewId: '',
    sourceUrl: '',
    publishedAt: undefined,
  });
}

export async function getBrand(slug: string, language: string): Promise<Brand> {
  return required((await catalog.getBrand({ slug, brandId: '', language })).brand, 'a brand');
}

export async function getCategory(categoryId: string, language: string): Promise<Category> {
  return required((await catalog.getCategory({ categoryId, language })).category, 'a category');
}

/** Products by id in the order asked (recently viewed); unknown ids are left out. */
export async function batchGetProducts(productIds: readonly string[], language: string): Promise<Product[]> {
  if (productIds.length === 0) return [];
  return (await catalog.batchGetProducts({ productIds: [...productIds], language })).products;
}

/** A page of visible products by name (sitemaps walk the catalogue with it). */
export async function listProductsPage(
  page: number,
  hitsPerPage: number,
): Promise<{ products: Product[]; total: number }> {
  const response = await catalog.listProducts({
    brandSlug: '',
    categoryId: '',
    includeDescendants: false,
    includeInactive: false,
    order: ProductOrder.PRODUCT_ORDER_NAME,
    page: { page, hitsPerPage },
    language: 'en',
  });
  return { products: response.products, total: response.page?.total ?? 0 };
}

/** The other variants of a product's model with the product itself, in order, and the model's key
 *  (ADR 138); no variants when it has none (NOT_FOUND for an unknown or hidden product). */
export async function listProductVariants(
  productId: string,
  language: string,
): Promise<{ variants: ProductVariant[]; modelKey: string }> {
  const { variants, modelKey } = await catalog.listProductVariants({ productId, language, limit: 0 });
  return { variants, modelKey };
}
