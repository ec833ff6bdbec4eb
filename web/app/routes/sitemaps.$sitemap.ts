import type { LoaderFunctionArgs } from '@remix-run/node';
import { statusResponse } from '~/data/load.server';
import { sitemapFiles, sitemapIndexXml, sitemapPaths, urlSet } from '~/data/sitemaps.server';

const cache = new Map<string, { xml: string; until: number }>();
const TTL_MS = 3_600_000; // spec §9: read cache max-age 3600 s

/** GET /sitemaps/index.xml and /sitemaps/{type}.xml (spec §2.2), built from the data, cached an hour. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const file = params.sitemap ?? '';
  const origin = new URL(request.url).origin;
  const key = `${origin}|${file}`;
  let entry = cache.get(key);
  if (!entry || entry.until < Date.now()) {
    let xml: string | null;
    try {
      if (file === 'index.xml') xml = sitemapIndexXml(origin, await sitemapFiles());
      else {
        const paths = await sitemapPaths(file);
        xml = paths === null ? null : urlSet(origin, paths);
      }
    } catch (error) {
      throw statusResponse(error);
    }
    if (xml === null) throw new Response('Not found', { status: 404 });
    entry = { xml, until: Date.now() + TTL_MS };
    cache.set(key, entry);
  }
  return new Response(entry.xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
