import type { CatalogAdmin } from '../catalog-components.js';

/**
 * One import row's write with its audit entry (`<entity>.import` in the shopping panel's log): the
 * record before, the write through the staff writer, the record after — as the staff write the
 * row stands for audits itself.
 */
export async function importedWrite<T>(
  admin: Pick<CatalogAdmin, 'audit'>,
  row: { readonly actorUserId: string; readonly entityType: string; readonly entityId: string },
  before: unknown,
  write: () => Promise<T>,
): Promise<T> {
  return admin.audit.around(
    {
      actorUserId: row.actorUserId,
      panel: 'shopping',
      action: `${row.entityType}.import`,
      entityType: row.entityType,
      entityId: row.entityId,
      before,
    },
    write,
    (after) => after,
  );
}
