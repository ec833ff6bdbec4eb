import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { resolveClickOut } from '~/data/click-out.server';
import { statusResponse } from '~/data/load.server';

/**
 * GET /goto/{locationId}?product={id}: the outbound click (spec §2.2) — a 302 to the shop's page
 * of the offer, or to a promotion's landing page (`pr_…` locations, resolved by affiliates, ADR
 * 015). Offers are resolved through the offers service until affiliates does it (ADR 012).
 * Never cached: every click counts once it is recorded.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const product = new URL(request.url).searchParams.get('product') ?? '';
  let target: string | null;
  try {
    target = await resolveClickOut(params.locationId ?? '', product, {
      userAgent: request.headers.get('user-agent') ?? '',
      referrer: request.headers.get('referer') ?? '',
    });
  } catch (error) {
    throw statusResponse(error);
  }
  if (!target) throw new Response('Not found', { status: 404 });
  return redirect(target, { status: 302, headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer-when-downgrade' } });
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/status/RouteErrorBoundary';
