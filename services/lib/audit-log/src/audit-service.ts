import {
  AuditServiceService,
  type AuditEntry,
  type ListAuditEntriesRequest,
  type ListAuditEntriesResponse,
} from '@pc/proto/staff/v1/audit';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import type { StaffCheck } from '@pc/staff-access/staff-check';
import { isStaffPanel, STAFF_PANELS } from '@pc/staff-access/staff-panels';
import type { AuditRecord } from './audit-entry.js';
import type { AuditLog } from './audit-log.js';

/** pricecompare.staff.v1.AuditService over a service's audit log: a panel's entries for holders of its role. */
export function auditService(audit: AuditLog, staff: StaffCheck): ServiceRegistration {
  return serviceRegistration('pricecompare.staff.v1.AuditService', AuditServiceService, {
    listAuditEntries: (request) => listAuditEntries(request, audit, staff),
  });
}

async function listAuditEntries(
  request: ListAuditEntriesRequest,
  audit: AuditLog,
  staff: StaffCheck,
): Promise<ListAuditEntriesResponse> {
  const panel = request.panel.trim();
  if (!isStaffPanel(panel))
    throw new InvalidArgumentError([
      { field: 'panel', reason: `must be one of ${STAFF_PANELS.join(', ')}`, rule: 'in' },
    ]);
  const page = resolvePage(request.page, { defaultSize: 20, maxSize: 100 });
  await staff.require(request.actorUserId, 'reading the audit log', panel);
  const { entries, total } = await audit.list(
    {
      panel,
      entityType: request.entityType.trim(),
      entityId: request.entityId.trim(),
      actorUserId: request.byUserId.trim(),
      action: request.action.trim(),
    },
    page,
  );
  return { entries: entries.map(entryMessage), page: pageResponse(page, total) };
}

export function entryMessage(record: AuditRecord): AuditEntry {
  return {
    id: record._id,
    service: record.service,
    panel: record.panel,
    actorUserId: record.actorUserId,
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId,
    beforeJson: record.beforeJson,
    afterJson: record.afterJson,
    truncated: record.truncated,
    occurredAt: new Date(record.occurredAt),
  };
}
