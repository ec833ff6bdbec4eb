import { resolve } from 'node:path';
import { readMarkdownPage, renderMarkdown } from '~/api/endpoints/markdown-page.server';
import { config } from '~/config.server';
import { resolveRouteLinks } from '~/routing/content-links';
import type { StaticPage } from '~/routing/static-pages';
import type { SiteContext } from '~/site/site-context.server';

const rendered = new Map<string, { html: string; language: string }>();

/**
 * A static page's text (spec §2.3): our markdown in the interface language, else English, with
 * its route links resolved. Rendered once per page, language and locale: the files change
 * only with a deploy.
 */
export async function staticPageContent(
  page: StaticPage,
  context: SiteContext,
): Promise<{ html: string; language: string } | null> {
  const key = `${page.markdown}|${context.language}|${context.locale.id}`;
  const known = rendered.get(key);
  if (known) return known;
  const text = await readMarkdownPage(resolve(config.MARKDOWN_DIR), page.markdown, context.language);
  if (!text) return null;
  const content = {
    html: resolveRouteLinks(renderMarkdown(text.markdown), context.locale.id, context.language),
    language: text.language,
  };
  rendered.set(key, content);
  return content;
}
