import { hostname } from 'node:os';
import { LogAdminServiceService } from '@pc/proto/staff/v1/logs';
import { serviceRegistration, type ServiceRegistration } from '../grpc/service-types.js';
import { processLogRing, type LogRing } from '../logging/log-ring.js';
import { LEVEL_OF_KEPT, logQueryOf } from './log-query.js';

/** The panel whose role every call needs. */
const PANEL = 'infrastructure';

export interface LogAdminDependencies {
  /** The service that mounts it: it answers with its own records only. */
  readonly service: string;
  /** The staff rule (@pc/staff-access's StaffCheck): resolves, or throws PERMISSION_DENIED / UNAUTHENTICATED. */
  readonly staff: { require(actorUserId: string, action: string, panel: typeof PANEL): Promise<void> };
  /** The ring it reads (default: the process's, which createLogger's loggers write to). */
  readonly ring?: LogRing;
  /** This replica's name (default: the pod's or host's name with the process id, as /healthz says). */
  readonly instance?: string;
}

/**
 * pricecompare.staff.v1.LogAdminService (ADR 133): this instance's recent warnings and errors for
 * the infrastructure panel, filtered and paged newest first. The records are redacted lines as
 * logged; the mounting service supplies the staff rule.
 */
export function logAdminService(deps: LogAdminDependencies): ServiceRegistration {
  const { service, staff } = deps;
  const ring = deps.ring ?? processLogRing();
  const instance = deps.instance ?? `${process.env.HOSTNAME || hostname()}/${process.pid}`;
  return serviceRegistration('pricecompare.staff.v1.LogAdminService', LogAdminServiceService, {
    listRecentLogs: async (request) => {
      const query = logQueryOf(request);
      await staff.require(request.actorUserId, 'reading the logs', PANEL);
      const { records, next } = ring.query({ ...query, service });
      const kept = ring.kept;
      return {
        service,
        instance,
        records: records.map((record) => ({
          time: record.time,
          level: LEVEL_OF_KEPT[record.level],
          message: record.message,
          service: record.service || service,
          instance,
          traceId: record.traceId,
          spanId: record.spanId,
          fieldsJson: record.fieldsJson,
          truncated: record.truncated,
        })),
        page: { nextPageToken: next === undefined ? '' : String(next) },
        kept: kept.records,
        keptSince: kept.since,
      };
    },
  });
}
