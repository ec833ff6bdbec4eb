import { useMatches } from '@remix-run/react';

/**
 * The CSRF token of the page's forms: the deepest route whose loader sent `csrf` (pages with
 * forms do, and are never shared-cached). Empty on a page without one.
 */
export function usePageCsrf(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const data = matches[i]?.data as { csrf?: unknown } | undefined;
    if (typeof data?.csrf === 'string') return data.csrf;
  }
  return '';
}
