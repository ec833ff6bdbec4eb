import { EntitySort } from '@pc/proto/common/v1/sort';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { withUnimplemented } from '@pc/kit/grpc/unimplemented';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { toBrandMessage } from '../domain/brand.js';
import { toCategoryMessage } from '../domain/category.js';
import type { BrandRepository } from '../store/brand-repository.js';
import type { CategoryRepository } from '../store/category-repository.js';
import { languageOf, requireField } from './request-fields.js';

const LOOKUP_PAGE = { defaultSize: 24, maxSize: 100 }; // spec §9: lookups page by 24

export interface CatalogDependencies {
  readonly categories: CategoryRepository;
  readonly brands: BrandRepository;
}

/**
 * The catalog's gRPC API. Categories and brands are served here; products, matching and reviews
 * arrive with the comparison core (they answer UNIMPLEMENTED until then).
 */
export function catalogService({ categories, brands }: CatalogDependencies): ServiceRegistration {
  return serviceRegistration(
    'pricecompare.catalog.v1.CatalogService',
    CatalogServiceService,
    withUnimplemented(CatalogServiceService, {
      listCategories: async (request) => {
        const language = languageOf(request.language);
        const page = resolvePage(request.page, LOOKUP_PAGE);
        const sort = request.sort === EntitySort.ENTITY_SORT_PRODUCT_COUNT ? 'productsCount' : 'position';
        const { items, total } = await categories.listChildren(request.parentId, sort, page);
        return { categories: items.map((c) => toCategoryMessage(c, language)), page: pageResponse(page, total) };
      },

      getCategory: async (request) => {
        const language = languageOf(request.language);
        const id = requireField('category_id', request.categoryId);
        const record = await categories.get(id);
        if (!record) throw new NotFoundError('category', id);
        const [ancestors, children] = await Promise.all([
          categories.getMany(record.ancestorIds),
          categories.listChildren(id, 'position', resolvePage({ hitsPerPage: 100 }, LOOKUP_PAGE)),
        ]);
        const ref = (c: (typeof ancestors)[number]) => {
          const message = toCategoryMessage(c, language);
          return { id: message.id, slug: message.slug, name: message.name, productsCount: message.productsCount };
        };
        const byId = new Map(ancestors.map((a) => [a._id, a]));
        return {
          category: {
            ...toCategoryMessage(record, language),
            ancestors: record.ancestorIds.flatMap((ancestorId) => {
              const ancestor = byId.get(ancestorId);
              return ancestor ? [ref(ancestor)] : [];
            }),
            children: children.items.map(ref),
          },
        };
      },

      listBrands: async (request) => {
        const language = languageOf(request.language);
        const page = resolvePage(request.page, LOOKUP_PAGE);
        const sort = request.sort === EntitySort.ENTITY_SORT_PRODUCT_COUNT ? 'productsCount' : 'name';
        const { items, total } = await brands.list(
          { namePrefix: request.namePrefix, minProducts: request.minProducts, sort },
          page,
        );
        return { brands: items.map((b) => toBrandMessage(b, language)), page: pageResponse(page, total) };
      },

      getBrand: async (request) => {
        const language = languageOf(request.language);
        if (!request.slug && !request.brandId) {
          throw new InvalidArgumentError([{ field: 'slug', reason: 'slug or brand_id is required' }]);
        }
        const record = request.brandId ? await brands.get(request.brandId) : await brands.getBySlug(request.slug);
        if (!record) throw new NotFoundError('brand', request.brandId || request.slug);
        return { brand: toBrandMessage(record, language) };
      },
    }),
  );
}
