import { gunzipSync } from 'node:zlib';
import sax from 'sax';
import type { UrlKind } from '../domain/records.js';

/** Largest unpacked sitemap read (the sitemaps protocol allows 50 MB). */
const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

/**
 * The pages (`<url><loc>`) and nested sitemaps (`<sitemap><loc>`) of a sitemap or sitemap index
 * (sitemaps.org), gzipped or not, read with sax. It reads the body the crawler fetched through
 * the guard; nothing here fetches.
 */
export function sitemapLinks(body: Buffer): { href: string; kind: UrlKind }[] {
  const bytes = body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body, { maxOutputLength: MAX_SITEMAP_BYTES }) : body;
  const links: { href: string; kind: UrlKind }[] = [];
  const parser = sax.parser(true, { trim: true, xmlns: false });
  const open: string[] = [];
  let text = '';
  parser.onopentag = (tag) => {
    open.push(tag.name.replace(/^.*:/, '').toLowerCase());
    text = '';
  };
  parser.ontext = (value) => (text += value);
  parser.oncdata = (value) => (text += value);
  parser.onclosetag = () => {
    const name = open.pop();
    const parent = open[open.length - 1];
    if (name === 'loc' && text.trim() !== '' && (parent === 'url' || parent === 'sitemap'))
      links.push({ href: text.trim(), kind: parent === 'url' ? 'page' : 'sitemap' });
    text = '';
  };
  parser.write(bytes.toString('utf8')).close();
  return links;
}
