import type { AuditLog } from '@pc/audit-log/audit-log';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { IndexKind, type RebuildIndexRequest, type RebuildIndexResponse } from '@pc/proto/search/v1/search';
import type { StaffCheck } from '@pc/staff-access/staff-check';
import type { IndexRebuilds } from './index-rebuilds.js';

const KNOWN_KINDS = new Set<number>(
  Object.values(IndexKind).filter((value): value is number => typeof value === 'number' && value >= 0),
);

/**
 * RebuildIndex (staff:infrastructure): queues the job that rebuilds every index from the owners'
 * streams (`index` UNSPECIFIED or one kind: they are derived together). Audited when queued; the
 * answer's rebuild id is the job's id in search's job dashboard.
 */
export async function rebuildIndex(
  request: RebuildIndexRequest,
  deps: { readonly rebuilds: IndexRebuilds; readonly staff: StaffCheck; readonly audit: AuditLog },
): Promise<RebuildIndexResponse> {
  if (!KNOWN_KINDS.has(request.index))
    throw new InvalidArgumentError([{ field: 'index', reason: `unknown index kind ${request.index}`, rule: 'in' }]);
  await deps.staff.require(request.actorUserId, 'rebuilding the search indices', 'infrastructure');
  const started = await deps.rebuilds.start(request.actorUserId);
  await deps.audit.record({
    actorUserId: request.actorUserId,
    panel: 'infrastructure',
    action: 'search-index.rebuild',
    entityType: 'search-index',
    entityId: IndexKind[request.index] ?? String(request.index),
    before: null,
    after: { rebuildId: started.id, jobId: started.id, queuedAt: started.startedAt.toISOString() },
  });
  return { rebuildId: started.id, startedAt: started.startedAt };
}
