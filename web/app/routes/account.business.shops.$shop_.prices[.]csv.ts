import type { LoaderFunctionArgs } from '@remix-run/node';
import { InvalidQueryError } from '~/api/http/invalid-query.server';
import { errorResponse } from '~/api/http/respond.server';
import { requireBusinessUser, siteUrl } from '~/business/business-user.server';
import { priceStandingFileName } from '~/components/business/price-standing-paths';
import { required } from '~/data/load.server';
import { parseStandingCountry } from '~/data/price-standing-country';
import { priceStandingCsv } from '~/data/price-standing-csv.server';
import { priceStanding } from '~/data/price-standing.server';
import { routePath } from '~/routing/route-path';
import { ownShops } from '~/services/offers.server';
import { siteContext } from '~/site/site-context.server';

/**
 * GET /account/business/shops/{shop}/prices.csv?country=XX: every product the owner's shop is not
 * the cheapest of in a country, the biggest gap first, as CSV (ADR 144;
 * data/price-standing-csv.server.ts) — for the shop's owner only (another account's shop is 404,
 * as the page). A download: `attachment`, kept by no cache. A country the shop does not sell in
 * is a 400 naming `country` (the API's error body).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, undefined);
  const user = await requireBusinessUser(request);
  const shop = await required(ownShops.get(user.id, params.shop ?? ''));
  const country = parseStandingCountry(new URL(request.url).searchParams.get('country'), shop.countries);
  if (country === null) {
    const invalid = errorResponse(
      new InvalidQueryError([{ field: 'country', reason: 'must be a country the shop sells in', rule: 'in' }]),
    );
    invalid.headers.set('Cache-Control', 'private, no-store');
    return invalid;
  }
  const standing = await required(priceStanding(user.id, shop.id, { country, language: context.language, all: true }));
  const productUrl = (product: string) =>
    siteUrl(
      request,
      routePath('products.show', { locale: context.locale.id, language: context.language }, { product }),
    );
  return new Response(priceStandingCsv(standing, productUrl), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${priceStandingFileName(shop.id, standing.country)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
