import { z } from 'zod';
import { panelPath } from '../panels';
import { indexStatuses, rebuildIndices } from '../../services/search-indices.server';
import { intent } from '../../writes/staff-write.server';

/** The indices page's rebuild: confirmed (documents now → rebuilt from search's side state), made by search. */
export function indexWrites() {
  return {
    rebuild: intent({
      schema: z.object({}),
      summary: async (_fields, context, t) => {
        const indices = await indexStatuses(context.user.id);
        return {
          title: t('indices.summary.rebuild'),
          changes: indices.map((row) => ({
            label: t(`indices.kind.${row.index}`),
            before: t('indices.documentsCount', { count: row.documents }),
            after: t('indices.rebuilt'),
          })),
        };
      },
      perform: async (_fields, context) => {
        await rebuildIndices(context.user.id);
        return `${panelPath('infrastructure', 'indices')}?done=1`;
      },
    }),
  };
}
