import type { LoaderFunctionArgs } from '@remix-run/node';
import { InvalidQueryError } from '~/api/http/invalid-query.server';
import { errorResponse } from '~/api/http/respond.server';
import { requireBusinessUser, siteUrl } from '~/business/business-user.server';
import { clickReportFileName } from '~/components/clicks/click-report-paths';
import { parseReportMonth, ReportFieldError, reportMonths } from '~/data/click-report-period';
import { clickReportCsv } from '~/data/click-report-csv.server';
import { monthClicks } from '~/data/click-report.server';
import { required } from '~/data/load.server';
import { routePath } from '~/routing/route-path';
import { ownShops } from '~/services/offers.server';
import { siteContext } from '~/site/site-context.server';

/**
 * GET /account/business/shops/{shop}/clicks.csv?month=YYYY-MM: a month of the shop's clicks as
 * one CSV table (ADR 135; data/click-report-csv.server.ts) — its days, every product clicked
 * in it with name and page, its countries — for the shop's owner only (another account's
 * shop is 404, as the report page). A download: `attachment`, kept by no cache. A month the
 * report does not offer is a 400 naming `month` (the API's error body).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, undefined);
  const user = await requireBusinessUser(request);
  const shop = await required(ownShops.get(user.id, params.shop ?? ''));
  const now = new Date();
  let month: string;
  try {
    month = parseReportMonth(new URL(request.url).searchParams.get('month'), reportMonths(shop.registeredAt, now));
  } catch (error) {
    if (!(error instanceof ReportFieldError)) throw error;
    const invalid = errorResponse(
      new InvalidQueryError([{ field: error.field, reason: error.reason, rule: error.rule }]),
    );
    invalid.headers.set('Cache-Control', 'private, no-store');
    return invalid;
  }
  const report = await required(
    monthClicks(user.id, shop.id, { month, language: context.language, now, allProducts: true }),
  );
  const productUrl = (product: string) =>
    siteUrl(
      request,
      routePath('products.show', { locale: context.locale.id, language: context.language }, { product }),
    );
  return new Response(clickReportCsv(report, productUrl), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${clickReportFileName(shop.id, month)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
