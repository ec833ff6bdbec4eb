import { panelPath } from '../panels';

/** How many of a host's newest jobs its page lists (a page of the jobs table: its pager goes on there). */
export const HOST_PAGE_JOBS = 20;

/** A host's page in the crawler panel (`/admin/crawler/hosts/{host}`). */
export const hostPagePath = (host: string): string => panelPath('crawler', `hosts/${encodeURIComponent(host)}`);

/** A crawler panel page with its filters (`urls?host=…`), or without when none is given. */
export function crawlerPagePath(page: string, filters: Readonly<Record<string, string>> = {}): string {
  const params = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
  const search = params.toString();
  return `${panelPath('crawler', page)}${search ? `?${search}` : ''}`;
}
