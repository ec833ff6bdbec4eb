import { PromotionStatus } from '@pc/proto/affiliates/v1/types';
import type { FieldCondition } from '@pc/kit/ports/document-store';

/** A time condition of the store on `startsAt` and/or `endKey`. */
export type TimeCondition = { readonly startsAt?: FieldCondition; readonly endKey?: FieldCondition };

/**
 * The asked statuses as time conditions on stored fields (status is derived from the clock, never
 * stored, so it cannot go stale). Neighbouring statuses merge into one range; the one set that is
 * not a range (SCHEDULED with ENDED, without ACTIVE) becomes two conditions, ENDED first — which
 * is also their order by end and by start, so concatenating them keeps those sorts exact.
 */
export function statusConditions(statuses: ReadonlySet<PromotionStatus>, now: Date): TimeCondition[] {
  const at = now.toISOString();
  const scheduled = statuses.has(PromotionStatus.PROMOTION_STATUS_SCHEDULED);
  const active = statuses.has(PromotionStatus.PROMOTION_STATUS_ACTIVE);
  const ended = statuses.has(PromotionStatus.PROMOTION_STATUS_ENDED);
  if (scheduled && active && ended) return [{}];
  if (scheduled && active) return [{ endKey: { $gt: at } }];
  if (active && ended) return [{ startsAt: { $lte: at } }];
  if (active) return [{ startsAt: { $lte: at }, endKey: { $gt: at } }];
  const conditions: TimeCondition[] = [];
  if (ended) conditions.push({ endKey: { $lte: at } });
  if (scheduled) conditions.push({ startsAt: { $gt: at } });
  return conditions;
}
