import type { ImportEntity } from '@pc/jobs/data-import';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import type { UpdateBrandRequest } from '@pc/proto/catalog/v1/catalog';
import { readBrandUpdate, type BrandUpdateInput } from '../brands/brand-update-input.js';
import type { CatalogAdmin } from '../catalog-components.js';

/** A column given as text; a column left out (or empty in a CSV) leaves the field as it is. */
const optional = (row: Record<string, unknown>, key: string): string | undefined => {
  const value = row[key];
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' ? value : String(value);
};

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
    apply: async (input, actorUserId) => {
      const before = await admin.brands.get(input.brandId);
      await admin.audit.around(
        {
          actorUserId,
          panel: 'shopping',
          action: 'brand.import',
          entityType: 'brand',
          entityId: input.brandId,
          before,
        },
        () => admin.brandUpdater.update(input),
        (after) => after,
      );
    },
  };
}
