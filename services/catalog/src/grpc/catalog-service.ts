import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { withUnimplemented } from '@pc/kit/grpc/unimplemented';
import type { OfferMatcher } from '../offer-matching/offer-matcher.js';
import type { ReviewWriter } from '../reviews/review-writer.js';
import type { BrandRepository } from '../store/brand-repository.js';
import type { CategoryRepository } from '../store/category-repository.js';
import type { ProductKeyRepository } from '../store/product-key-repository.js';
import type { ProductRelationsLoader } from '../store/product-relations.js';
import type { ProductRepository } from '../store/product-repository.js';
import type { ReviewRepository } from '../store/review-repository.js';
import { brandHandlers } from './brand-handlers.js';
import { categoryHandlers } from './category-handlers.js';
import { matchHandlers } from './match-handlers.js';
import { productHandlers } from './product-handlers.js';
import { reviewHandlers } from './review-handlers.js';
import { streamProductsHandler } from './stream-products.js';

export interface CatalogDependencies {
  readonly categories: CategoryRepository;
  readonly brands: BrandRepository;
  readonly products: ProductRepository;
  readonly keys: ProductKeyRepository;
  readonly reviews: ReviewRepository;
  readonly relations: ProductRelationsLoader;
  readonly matcher: OfferMatcher;
  readonly reviewWriter: ReviewWriter;
}

/**
 * The catalog's gRPC API, one handler module per concern. The admin writes (UpdateProduct,
 * MergeProducts, UpdateBrand, CreateCategory, UpdateCategory) need the admin role from the
 * accounts service, which does not exist yet: they answer UNIMPLEMENTED until it does.
 */
export function catalogService(deps: CatalogDependencies): ServiceRegistration {
  return serviceRegistration(
    'pricecompare.catalog.v1.CatalogService',
    CatalogServiceService,
    withUnimplemented(CatalogServiceService, {
      ...categoryHandlers(deps.categories),
      ...brandHandlers(deps.brands),
      ...productHandlers(deps),
      ...streamProductsHandler(deps.products, deps.relations),
      ...matchHandlers(deps.matcher),
      ...reviewHandlers(deps.products, deps.reviews, deps.reviewWriter),
    }),
  );
}
