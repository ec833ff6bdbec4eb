import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireBusinessUser } from '~/business/business-user.server';
import { required } from '~/data/load.server';
import { invoiceDownload } from '~/services/billing.server';
import { siteContext } from '~/site/site-context.server';

/** GET /account/business/invoices/{invoice}: the invoice as an HTML file (billing's RenderInvoice, in the interface language); someone else's is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBusinessUser(request);
  const context = siteContext(request, undefined);
  return required(invoiceDownload(user.id, params.invoice ?? '', context.language));
}
