import { AuditServiceService, type AuditEntry } from '@pc/proto/staff/v1/audit';
import type { StaffPanel } from '../panels/panels';
import { userById } from './accounts.server';
import { SERVICE_ADDRESSES, type ServiceName } from './addresses.server';
import { client } from './grpc.server';
import { pageRequest, tablePage } from '../tables/table-page';

/** The services that own a panel's data and keep its audit entries. */
export const AUDITING_SERVICES: Readonly<Record<StaffPanel, readonly ServiceName[]>> = {
  shopping: ['catalog', 'offers'],
  admin: ['accounts', 'offers'],
  // Search keeps the bus's and the indices' entries; every service audits its own jobs and cache.
  infrastructure: ['search', 'accounts', 'notifications', 'offers', 'catalog', 'crawler', 'affiliates'],
  affiliates: ['affiliates'],
  crawler: ['crawler'],
};

export interface AuditRow {
  readonly id: string;
  readonly at: string;
  readonly actorUserId: string;
  /** The actor's e-mail address, when accounts still knows the user. */
  readonly actor: string;
  readonly action: string;
  readonly entity: string;
  readonly before: string;
  readonly after: string;
  readonly truncated: boolean;
}

const row = (entry: AuditEntry, actors: ReadonlyMap<string, string>): AuditRow => ({
  id: entry.id,
  at: entry.occurredAt?.toISOString() ?? '',
  actorUserId: entry.actorUserId,
  actor: actors.get(entry.actorUserId) ?? entry.actorUserId,
  action: entry.action,
  entity: `${entry.entityType} ${entry.entityId}`,
  before: entry.beforeJson,
  after: entry.afterJson,
  truncated: entry.truncated,
});

/** One page of a panel's audit entries as one service keeps them (newest first). */
export async function auditPage(
  service: ServiceName,
  input: {
    actorUserId: string;
    panel: StaffPanel;
    entityType: string;
    entityId: string;
    byUserId: string;
    action: string;
    page: number;
    size: number;
  },
) {
  const audit = client(AuditServiceService, SERVICE_ADDRESSES[service]);
  const answer = await audit.listAuditEntries({ ...input, page: pageRequest(input) });
  const ids = [...new Set(answer.entries.map((entry) => entry.actorUserId).filter(Boolean))];
  const actors = new Map(
    await Promise.all(ids.map(async (id) => [id, (await userById(id, input.actorUserId))?.email || id] as const)),
  );
  return tablePage(
    answer.entries.map((entry) => row(entry, actors)),
    answer.page,
    input,
  );
}
