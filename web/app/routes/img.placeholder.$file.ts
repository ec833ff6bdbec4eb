import type { LoaderFunctionArgs } from '@remix-run/node';
import { PLACEHOLDER_ID, placeholderSvg } from '~/images/placeholder-svg';

/**
 * GET /img/placeholder/{id}.svg — the generated images of the demo data (product pictures, shop
 * favicons). A flat-route file cannot put a literal ".svg" after a dynamic segment (dynamic
 * segments are whole segments in React Router), so the segment is "{id}.svg" and the suffix is
 * checked here. Deterministic, so cached for a year and immutable.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const file = params.file ?? '';
  const id = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : '';
  if (!PLACEHOLDER_ID.test(id))
    throw new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return new Response(placeholderSvg(id), {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      // An SVG opened on its own is a document: allow nothing but its inline styles.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
