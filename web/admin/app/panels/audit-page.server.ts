import { data } from '@remix-run/node';
import { requireStaff } from '../auth/staff-session.server';
import { AUDITING_SERVICES, auditPage } from '../services/audit.server';
import { readTableQuery } from '../tables/table-query';
import { panelPath, type StaffPanel } from './panels';

/** A panel's audit log: one owning service at a time (`?service=`), newest first, filtered by entity, actor or action. */
export async function auditLoader(request: Request, panel: StaffPanel) {
  const context = await requireStaff(request, panel);
  const url = new URL(request.url);
  const query = readTableQuery(url, { sorts: ['at'], defaultSort: 'at', defaultDir: 'desc' });
  const services = AUDITING_SERVICES[panel];
  const service = services.find((name) => name === query.filters.service) ?? services[0];
  const empty = { rows: [], page: 1, size: query.size, total: 0, pages: 0 };
  const page = !service
    ? empty
    : await auditPage(service, {
        actorUserId: context.user.id,
        panel,
        entityType: query.filters.entityType ?? '',
        entityId: query.filters.entityId ?? '',
        byUserId: query.filters.by ?? '',
        action: query.filters.action ?? '',
        page: query.page,
        size: query.size,
      });
  return data(
    {
      panel,
      services,
      service: service ?? '',
      query: { ...query, filters: { ...query.filters, service: service ?? '' } },
      page,
      path: panelPath(panel, 'audit'),
    },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}
