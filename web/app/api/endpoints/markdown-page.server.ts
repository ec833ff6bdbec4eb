import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { marked } from 'marked';
import { z } from 'zod';
import { config } from '~/config.server';
import { resolveRouteLinks } from '~/routing/content-links';
import { apiLocale } from '../http/api-locale.server';
import { CachePolicy } from '../http/cache-policy.server';
import { InvalidQueryError } from '../http/invalid-query.server';
import { localeParam } from '../http/params.server';
import { parseOrThrow, queryValues } from '../http/query.server';
import { jsonResponse, type ApiCall } from '../http/respond.server';

/** A source names a file, never a path: no dots, no slashes, so nothing outside the folder. */
const SOURCE = /^[a-z0-9-]{1,64}$/;
const FALLBACK_LANGUAGE = 'en'; // spec §1

const query = z.object({ locale: localeParam });

export interface MarkdownPage {
  readonly source: string;
  /** The language of the text served: the asked one, else English. */
  readonly language: string;
  readonly markdown: string;
}

/** Reads `{source}.{language}.md`, falling back to English; null when neither exists. */
export async function readMarkdownPage(
  directory: string,
  source: string,
  language: string,
): Promise<MarkdownPage | null> {
  if (!SOURCE.test(source)) throw new Error(`not a markdown source: ${source}`);
  for (const candidate of [...new Set([language, FALLBACK_LANGUAGE])]) {
    try {
      return {
        source,
        language: candidate,
        markdown: await readFile(join(directory, `${source}.${candidate}.md`), 'utf8'),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return null;
}

/** Our own texts, rendered by marked (CommonMark + GFM). They are trusted content of the repo. */
export const renderMarkdown = (markdown: string): string => marked.parse(markdown, { async: false, gfm: true });

/** GET /api/markdown/{source}: a page of the site's own texts as HTML (spec §2.3, §7). */
export async function markdownPage({ url, params }: ApiCall): Promise<Response> {
  const source = params.source ?? '';
  if (!SOURCE.test(source)) {
    throw new InvalidQueryError([
      { field: 'source', reason: 'must be lower case letters, digits and dashes (at most 64)', rule: 'regex' },
    ]);
  }
  const locale = apiLocale(parseOrThrow(query, queryValues(url)).locale);
  const page = await readMarkdownPage(resolve(config.MARKDOWN_DIR), source, locale.language);
  if (!page)
    return Response.json({ message: 'Not found' }, { status: 404, headers: { 'Cache-Control': CachePolicy.none } });
  const html = resolveRouteLinks(renderMarkdown(page.markdown), locale.id, locale.language);
  return jsonResponse({ data: { source, language: page.language, html } }, CachePolicy.catalog);
}
