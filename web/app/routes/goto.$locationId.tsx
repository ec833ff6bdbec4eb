import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { linkOf, resolveClickOut } from '~/data/click-out.server';
import { statusResponse } from '~/data/load.server';

/**
 * GET /goto/{locationId}: the outbound click (spec §2.2) — a 302 to the shop's page of the offer,
 * a promotion's landing page or an advertisement's, with the shop's URL parameters and our
 * tracking parameters, the click recorded by affiliates before the answer (ADR 043). The link
 * works as given (`clickLink` of the API); `o`, `p` and `product` tell where it was followed.
 * Never cached: every click is recorded.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const clientIp = typeof context?.clientIp === 'string' ? context.clientIp : '';
  let answer: Awaited<ReturnType<typeof resolveClickOut>>;
  try {
    answer = await resolveClickOut(request, linkOf(new URL(request.url), params.locationId ?? ''), clientIp);
  } catch (error) {
    throw statusResponse(error);
  }
  if (!answer) throw new Response('Not found', { status: 404 });
  return redirect(answer.targetUrl, {
    status: 302,
    headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer-when-downgrade' },
  });
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/status/RouteErrorBoundary';
