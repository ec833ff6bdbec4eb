import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireStaff } from '../auth/staff-session.server';
import { pickLanguage } from '../i18n/language.server';
import { invoiceDocument } from '../services/billing.server';

/**
 * One invoice as billing renders it (a self-contained HTML document, in the staff member's
 * language), shown sandboxed: it is a document to read or print, not a page of the app.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'admin');
  const { language } = await pickLanguage(request);
  const document = await invoiceDocument(context.user.id, params.invoice ?? '', language);
  if (!document) throw new Response('Not found', { status: 404 });
  return new Response(Buffer.from(document.body).toString('utf8'), {
    headers: {
      'Content-Type': document.contentType,
      'Content-Disposition': `inline; filename="${document.filename.replace(/[^\w.-]/g, '_')}"`,
      'Content-Security-Policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      'Cache-Control': 'private, no-store',
      'Set-Cookie': context.setCookie,
    },
  });
}
