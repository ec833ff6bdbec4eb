import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import type { CatalogAdmin } from '../catalog-components.js';
import type { OfferMatcher } from '../offer-matching/offer-matcher.js';
import type { ReviewWriter } from '../reviews/review-writer.js';
import type { BrandRepository } from '../store/brand-repository.js';
import type { CategoryRepository } from '../store/category-repository.js';
import type { ProductKeyRepository } from '../store/product-key-repository.js';
import type { ProductRelationsLoader } from '../store/product-relations.js';
import type { ProductRepository } from '../store/product-repository.js';
import type { ReviewRepository } from '../store/review-repository.js';
import { brandHandlers } from './brand-handlers.js';
import { categoryAdminHandlers } from './category-admin-handlers.js';
import { categoryHandlers } from './category-handlers.js';
import { matchHandlers } from './match-handlers.js';
import { moderationHandlers } from './moderation-handlers.js';
import { productAdminHandlers } from './product-admin-handlers.js';
import { productHandlers } from './product-handlers.js';
import { reviewHandlers } from './review-handlers.js';
import { splitHandlers } from './split-handlers.js';
import { streamProductsHandler } from './stream-products.js';
import { variantHandlers } from './variant-handlers.js';

export interface CatalogDependencies {
  readonly categories: CategoryRepository;
  readonly brands: BrandRepository;
  readonly products: ProductRepository;
  readonly keys: ProductKeyRepository;
  readonly reviews: ReviewRepository;
  readonly relations: ProductRelationsLoader;
  readonly matcher: OfferMatcher;
  readonly reviewWriter: ReviewWriter;
  readonly admin: CatalogAdmin;
}

/** The catalog's gRPC API, one handler module per concern; the staff writes check the actor (kit `StaffCheck`). */
export function catalogService(deps: CatalogDependencies): ServiceRegistration {
  return serviceRegistration('pricecompare.catalog.v1.CatalogService', CatalogServiceService, {
    ...categoryHandlers(deps.categories),
    ...categoryAdminHandlers(deps.categories, deps.admin),
    ...brandHandlers(deps.brands, deps.admin),
    ...productHandlers(deps),
    ...variantHandlers(deps.products),
    ...productAdminHandlers(deps.relations, deps.admin),
    ...streamProductsHandler(deps.products, deps.relations, deps.admin.staff),
    ...matchHandlers(deps.matcher),
    ...reviewHandlers(deps.products, deps.reviews, deps.reviewWriter),
    ...moderationHandlers(deps.relations, deps.admin),
    ...splitHandlers(deps.admin),
  });
}
