import { InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import type { ServiceHandlers } from '@pc/kit/grpc/service-types';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import type { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { EntitySort } from '@pc/proto/common/v1/sort';
import { toBrandMessage } from '../domain/brand.js';
import { readBrandUpdate } from '../brands/brand-update-input.js';
import type { CatalogAdmin } from '../catalog-components.js';
import type { BrandRepository } from '../store/brand-repository.js';
import { languageOf } from './request-fields.js';

type Handlers = ServiceHandlers<typeof CatalogServiceService>;

const LOOKUP_PAGE = { defaultSize: 24, maxSize: 100 }; // spec §9: lookups page by 24

export function brandHandlers(
  brands: BrandRepository,
  admin: CatalogAdmin,
): Pick<Handlers, 'listBrands' | 'getBrand' | 'updateBrand'> {
  return {
    listBrands: async (request) => {
      const language = languageOf(request.language);
      const page = resolvePage(request.page, LOOKUP_PAGE);
      const sort = request.sort === EntitySort.ENTITY_SORT_PRODUCT_COUNT ? 'productsCount' : 'name';
      if (request.minProducts < 0)
        throw new InvalidArgumentError([
          { field: 'min_products', reason: 'must not be negative', rule: 'min', params: { min: '0' } },
        ]);
      const { items, total } = await brands.list(
        { namePrefix: request.namePrefix, minProducts: request.minProducts, sort },
        page,
      );
      return { brands: items.map((b) => toBrandMessage(b, language)), page: pageResponse(page, total) };
    },

    getBrand: async (request) => {
      const language = languageOf(request.language);
      if (!request.slug && !request.brandId) {
        throw new InvalidArgumentError([
          { field: 'slug', reason: 'slug or brand_id is required', rule: 'required_without' },
        ]);
      }
      const record = request.brandId ? await brands.get(request.brandId) : await brands.getBySlug(request.slug);
      if (!record) throw new NotFoundError('brand', request.brandId || request.slug);
      return { brand: toBrandMessage(record, language) };
    },

    /** Staff only (the staff rule: a verified user with the role, ADR 052). */
    updateBrand: async (request) => {
      const actorUserId = request.actorUserId.trim();
      await admin.staff.require(actorUserId, 'changing a brand');
      const language = languageOf(request.language);
      const update = readBrandUpdate(request);
      const before = await admin.brands.get(update.brandId);
      const updated = await admin.audit.around(
        {
          actorUserId,
          panel: 'shopping',
          action: 'brand.update',
          entityType: 'brand',
          entityId: update.brandId,
          before,
        },
        () => admin.brandUpdater.update(update),
        (after) => after,
      );
      return { brand: toBrandMessage(updated, language) };
    },
  };
}
