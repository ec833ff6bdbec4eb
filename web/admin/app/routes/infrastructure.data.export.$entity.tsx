import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { requireStaff } from '../auth/staff-session.server';
import { isExportEntity, isExportFormat } from '../panels/infrastructure/data-transfer';
import { exportResponse } from '../panels/infrastructure/export-response.server';

/** `/infrastructure/data/export/<entity>?format=csv|jsonl`: the whole table as a streamed download. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'infrastructure');
  const entity = params.entity ?? '';
  const format = new URL(request.url).searchParams.get('format') ?? 'csv';
  if (!isExportEntity(entity)) throw data({ notFound: true }, { status: 404 });
  if (!isExportFormat(format))
    throw data(
      { field: 'format', reason: 'must be csv or jsonl' },
      { status: 400, headers: { 'Set-Cookie': context.setCookie } },
    );
  return exportResponse(entity, format, context.user.id, request, { 'Set-Cookie': context.setCookie });
}
