import { z } from 'zod';
import { confirmImport } from '../../services/imports.server';
import { intent } from '../../writes/staff-write.server';
import { IMPORT_ENTITIES, type ImportEntity } from './data-transfer';
import { jobPath } from './jobs';

const confirmation = z.object({
  entity: z.enum(Object.keys(IMPORT_ENTITIES) as [ImportEntity, ...ImportEntity[]], { message: 'field.required' }),
  importId: z.string().trim().min(1, 'field.required').max(100, 'field.tooLong'),
  rows: z.coerce.number().int().min(1),
});

/** The data area's write: a checked upload confirmed; the owning service applies it as a job (and audits it). */
export function importWrites() {
  return {
    confirm: intent({
      schema: confirmation,
      summary: async ({ entity, rows }, _context, t) => ({
        title: t('data.summary.import', { rows, entity: t(`data.entity.${entity}`) }),
        changes: [],
      }),
      perform: async ({ entity, importId }, context) => {
        const jobId = await confirmImport(context.user.id, entity, importId);
        return `${jobPath(IMPORT_ENTITIES[entity], jobId)}?done=1`;
      },
    }),
  };
}
