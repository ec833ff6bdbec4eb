import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { z } from 'zod';
import { panelPath } from '../../panels/panels';
import { compareProducts, mergeInto } from '../../services/catalog-moderation.server';
import { evidenceFacts } from './evidence-facts';
import { intent } from '../../writes/staff-write.server';

/**
 * Merging a duplicate into the product of the page (which stays): the confirm step shows the
 * matcher's evidence for the pair and what moves; catalog checks staff:shopping, merges, audits.
 */
export function mergeWrites(productId: string, language: string) {
  const schema = z.object({
    sourceId: z
      .string()
      .trim()
      .min(1, 'field.required')
      .max(100, 'field.tooLong')
      .refine((id) => id !== productId, 'field.sameProduct'),
  });
  return {
    merge: intent({
      schema,
      destructive: true,
      check: async ({ sourceId }, context, t) => {
        try {
          await compareProducts(context.user.id, productId, sourceId, language);
          return null;
        } catch (error) {
          if (error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND)
            return { sourceId: t('field.unknownProduct') };
          if (error instanceof RpcError && error.code === GrpcStatus.INVALID_ARGUMENT)
            return { sourceId: t('field.sameProduct') };
          throw error;
        }
      },
      summary: async ({ sourceId }, context, t) => {
        const pair = await compareProducts(context.user.id, productId, sourceId, language);
        return {
          title: t('merge.summary', { source: pair.otherName, target: pair.productName }),
          facts: evidenceFacts(pair.evidence, t),
          changes: [
            {
              label: t('merge.status'),
              before: t('products.status.active'),
              after: t('merge.mergedInto', { name: pair.productName }),
            },
            { label: t('merge.moves.offers'), before: String(pair.moves.offerLinks), after: t('merge.moveToTarget') },
            {
              label: t('merge.moves.gtins'),
              before: pair.moves.gtins.join(', '),
              after: pair.moves.gtins.length > 0 ? t('merge.moveToTarget') : '',
            },
            { label: t('merge.moves.reviews'), before: String(pair.moves.reviews), after: t('merge.moveToTarget') },
          ],
        };
      },
      perform: async ({ sourceId }, context) => {
        await mergeInto(context.user.id, productId, sourceId);
        return `${panelPath('shopping', `products/${encodeURIComponent(productId)}`)}?done=1`;
      },
    }),
  };
}
