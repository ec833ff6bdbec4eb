import { copyDocuments, writeMark } from './copy-documents.js';
import type { IndexContext } from './index-context.js';
import type { Migration } from './index-lifecycle.js';

/**
 * The migration steps of `ensureVersion` for one new index version. Both copies refresh the
 * source first (searches see refreshed documents only, and every acknowledged one must be
 * copied) and the target last (the alias must never point at documents not yet searchable).
 */
export function indexContextMigration(target: IndexContext): Migration {
  const { client } = target;
  return {
    async copyAll(from) {
      await client.indices.refresh({ index: from });
      await copyDocuments(target, from);
      await client.indices.refresh({ index: target.index });
    },
    mark: (from) => writeMark(target, from),
    async catchUp(from, mark) {
      await client.indices.refresh({ index: from });
      await copyDocuments(target, from, { range: { _seq_no: { gt: mark } } });
      await client.indices.refresh({ index: target.index });
    },
  };
}
