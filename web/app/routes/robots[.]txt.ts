import type { LoaderFunctionArgs } from '@remix-run/node';

/** GET /robots.txt: crawl everything public, not the click-outs, the API, the account area or search results. */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    'User-agent: *',
    'Disallow: /goto/',
    'Disallow: /api/',
    'Disallow: /account',
    'Disallow: /admin',
    'Disallow: /*/search',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemaps/index.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
