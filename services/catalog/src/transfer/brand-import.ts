import type { ImportEntity } from '@pc/jobs/data-import';
import { textColumn as optional } from '@pc/jobs/import-columns';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import type { UpdateBrandRequest } from '@pc/proto/catalog/v1/catalog';
import { readBrandUpdate, type BrandUpdateInput } from '../brands/brand-update-input.js';
import type { CatalogAdmin } from '../catalog-components.js';
import { importedWrite } from './imported-write.js';

/**
 * Brands as the import reads them: `id` (required, an existing brand), `name`, `slug`,
 * `homepage_url`, `logo_url` — the columns the export writes. Each row is checked by UpdateBrand's
 * own rules and applied as a staff brand update (events, audit), so an import can do nothing an
 * edit in the shopping panel could not.
 */
export function brandImport(admin: CatalogAdmin): ImportEntity<BrandUpdateInput> {
  return {
    entity: 'brands',
    panel: 'shopping',
    check: async (row) => {
      const request: UpdateBrandRequest = {
        brandId: optional(row, 'id') ?? '',
        actorUserId: '',
        expectedVersion: 0,
        name: optional(row, 'name'),
        slug: optional(row, 'slug'),
        logoUrl: optional(row, 'logo_url'),
        homepageUrl: optional(row, 'homepage_url'),
        descriptions: [],
        language: '',
      };
      const input = readBrandUpdate(request);
      if (!(await admin.brands.get(input.brandId))) throw new NotFoundError('brand', input.brandId);
      return input;
    },
    key: (input) => ({ field: 'id', value: input.brandId }),
    apply: async (input, actorUserId) => {
      const row = { actorUserId, entityType: 'brand', entityId: input.brandId };
      await importedWrite(admin, row, await admin.brands.get(input.brandId), () => admin.brandUpdater.update(input));
    },
  };
}
