import { apiSend } from '~/site/api-client';

/** Queries this page load already told the site about. */
const told = new Set<string>();

/**
 * Tells the site that a visitor's search showed results, for the home page's "most searched"
 * (POST /api/searches, ADR 103): from the browser, so a page from the cache counts too and a render
 * without a visitor does not. Once per query a page load (pages of results, refinements and sorts
 * of one query are one search); search counts the visitor once a day anyway. A failure changes
 * nothing the visitor sees.
 */
export function countSearch(query: string, locale: string, language: string): void {
  const key = `${locale}\n${language}\n${query.trim().toLowerCase()}`;
  if (query.trim() === '' || told.has(key)) return;
  told.add(key);
  apiSend('POST', '/api/searches', { search: query, locale, language }).catch(() => told.delete(key));
}
