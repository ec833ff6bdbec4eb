import type { ServiceHandlers } from '@pc/kit/grpc/service-types';
import type { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import type { CatalogAdmin } from '../catalog-components.js';
import { readCategoryUpdate, readNewCategory } from '../categories/category-input.js';
import type { CategoryRepository } from '../store/category-repository.js';
import { categoryView } from './category-view.js';
import { FieldChecks } from '@pc/kit/errors/field-checks';
import { languageOf } from './request-fields.js';

type Handlers = ServiceHandlers<typeof CatalogServiceService>;

/** CreateCategory, UpdateCategory, DeleteCategory: staff only (the staff rule: a verified user with the role, ADR 052). */
export function categoryAdminHandlers(
  categories: CategoryRepository,
  admin: CatalogAdmin,
): Pick<Handlers, 'createCategory' | 'updateCategory' | 'deleteCategory'> {
  return {
    createCategory: async (request) => {
      const actorUserId = request.actorUserId.trim();
      await admin.staff.require(actorUserId, 'creating a category');
      const language = languageOf(request.language);
      const input = readNewCategory(request);
      const created = await admin.categoryCreator.create(input);
      // Recorded after the write like every entry (ADR 042a); the id is known only now.
      await admin.audit.record({
        actorUserId,
        panel: 'shopping',
        action: 'category.create',
        entityType: 'category',
        entityId: created._id,
        before: null,
        after: created,
      });
      return { category: await categoryView(categories, created, language) };
    },

    updateCategory: async (request) => {
      const actorUserId = request.actorUserId.trim();
      await admin.staff.require(actorUserId, 'changing a category');
      const language = languageOf(request.language);
      const update = readCategoryUpdate(request);
      const before = await categories.get(update.categoryId);
      const updated = await admin.audit.around(
        {
          actorUserId,
          panel: 'shopping',
          action: 'category.update',
          entityType: 'category',
          entityId: update.categoryId,
          before,
        },
        () => admin.categoryUpdater.update(update),
        (after) => after,
      );
      return { category: await categoryView(categories, updated, language) };
    },

    deleteCategory: async (request) => {
      const actorUserId = request.actorUserId.trim();
      const checks = new FieldChecks();
      const categoryId = checks.text('category_id', request.categoryId, { required: true, max: 200 });
      checks.done();
      await admin.staff.require(actorUserId, 'deleting a category');
      const before = await categories.get(categoryId);
      await admin.audit.around(
        {
          actorUserId,
          panel: 'shopping',
          action: 'category.delete',
          entityType: 'category',
          entityId: categoryId,
          before,
        },
        () => admin.categoryDeleter.delete(categoryId, Number(request.expectedVersion)),
        () => null,
      );
      return {};
    },
  };
}
