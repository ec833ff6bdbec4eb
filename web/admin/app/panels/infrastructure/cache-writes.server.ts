import { z } from 'zod';
import { panelPath } from '../panels';
import { SERVICE_NAMES } from '../../services/addresses.server';
import { cacheOf } from '../../services/caches.server';
import { cacheOfEveryReplica, IN_PROCESS_ADAPTER } from './cache-replicas.server';
import { intent } from '../../writes/staff-write.server';
import { flushEveryReplica } from './cache-flush.server';

/** The caches page's flush: confirmed with the keys it deletes, the password again, made and audited by the service. */
export function cacheWrites() {
  return {
    flush: intent({
      schema: z.object({
        service: z.enum(SERVICE_NAMES as [string, ...string[]], { message: 'field.invalid' }),
        // '' flushes the whole namespace.
        prefix: z.string().max(200, { message: 'field.invalid' }).default(''),
        // '1': the rate-limit windows under the prefix too (lifts throttling there).
        rateLimits: z.enum(['', '1']).default(''),
      }),
      destructive: true,
      summary: async (fields, context, t) => {
        const service = fields.service as (typeof SERVICE_NAMES)[number];
        const one = await cacheOf(context.user.id, service);
        // The flush reaches every replica of an in-process cache, so the confirmation counts them all.
        const cache =
          one.adapter === IN_PROCESS_ADAPTER ? await cacheOfEveryReplica(context.user.id, service, one.adapter) : one;
        const reached = cache.groups.filter(
          (group) =>
            (fields.rateLimits === '1' || !group.rateLimit) &&
            (group.prefix.startsWith(fields.prefix) || fields.prefix.startsWith(group.prefix)),
        );
        return {
          title: t(
            fields.rateLimits === '1'
              ? 'caches.summary.liftRateLimits'
              : fields.prefix
                ? 'caches.summary.flushPrefix'
                : 'caches.summary.flushAll',
            {
              service: fields.service,
              prefix: fields.prefix,
            },
          ),
          changes: (reached.length > 0
            ? reached
            : [{ prefix: fields.prefix, rateLimit: false, keys: 0, valueBytes: 0 }]
          ).map((group) => ({
            label: `${group.prefix || t('caches.wholeNamespace')}${group.rateLimit ? ` (${t('caches.rateLimit')})` : ''}`,
            before: t('caches.keysCount', { count: group.keys }),
            after: t('caches.flushed'),
          })),
        };
      },
      perform: async (fields, context) => {
        const { deleted, missed } = await flushEveryReplica(
          context.user.id,
          fields.service as (typeof SERVICE_NAMES)[number],
          fields.prefix,
          fields.rateLimits === '1',
        );
        const done = new URLSearchParams({ done: '1', deleted: String(deleted) });
        if (missed.length > 0) done.set('missed', missed.join(', '));
        return `${panelPath('infrastructure', 'caches')}?${done}`;
      },
    }),
  };
}
