import { VisitOutcome } from '@pc/proto/crawler/v1/types';
import { hostKeyOf, pathKeyOf, urlIdOf } from './crawl-url.js';
import type { UrlKind, UrlRecord } from './records.js';

/** A URL the crawler has just learnt of, due at once. */
export function newUrlRecord(
  url: URL,
  fields: {
    kind: UrlKind;
    depth: number;
    shopId: string;
    intervalMs: number;
    now: Date;
    priority?: number;
    jobId?: string;
  },
): UrlRecord {
  return {
    _id: urlIdOf(url.href),
    url: url.href,
    host: hostKeyOf(url),
    pathKey: pathKeyOf(url),
    shopId: fields.shopId,
    status: 'active',
    kind: fields.kind,
    depth: fields.depth,
    priority: fields.priority ?? 0,
    staffPriority: fields.priority ?? 0,
    clicks: 0,
    clicksAt: null,
    nextVisitAt: fields.now.toISOString(),
    intervalMs: fields.intervalMs,
    lastVisitAt: null,
    lastHttpStatus: 0,
    lastOutcome: VisitOutcome.VISIT_OUTCOME_UNSPECIFIED,
    lastError: '',
    offersFound: 0,
    method: '',
    flags: [],
    priceFingerprint: '',
    unchangedVisits: 0,
    consecutiveGone: 0,
    consecutiveErrors: 0,
    jobId: fields.jobId ?? '',
    createdAt: fields.now.toISOString(),
  };
}
