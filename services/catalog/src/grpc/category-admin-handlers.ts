import type { ServiceHandlers } from '@pc/kit/grpc/service-types';
import type { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import type { CatalogAdmin } from '../catalog-components.js';
import { readCategoryUpdate, readNewCategory } from '../categories/category-input.js';
import type { CategoryRepository } from '../store/category-repository.js';
import { categoryView } from './category-view.js';
import { languageOf } from './request-fields.js';

type Handlers = ServiceHandlers<typeof CatalogServiceService>;

/** CreateCategory, UpdateCategory: staff only (the empty actor is a trusted internal caller). */
export function categoryAdminHandlers(categories: CategoryRepository, admin: CatalogAdmin): Pick<Handlers, 'createCategory' | 'updateCategory'> {
  return {
    createCategory: async (request) => {
      await admin.staff.require(request.actorUserId.trim(), 'creating a category');
      const language = languageOf(request.language);
      const created = await admin.categoryCreator.create(readNewCategory(request));
      return { category: await categoryView(categories, created, language) };
    },

    updateCategory: async (request) => {
      await admin.staff.require(request.actorUserId.trim(), 'changing a category');
      const language = languageOf(request.language);
      const updated = await admin.categoryUpdater.update(readCategoryUpdate(request));
      return { category: await categoryView(categories, updated, language) };
    },
  };
}
