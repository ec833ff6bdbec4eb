import { useLocation } from '@remix-run/react';
import { useCallback } from 'react';

/** Links to other pages of the current list: the same path and query, another `page`. */
export function usePageHref() {
  const { pathname, search } = useLocation();
  return useCallback(
    (page: number) => {
      const params = new URLSearchParams(search);
      if (page <= 1) params.delete('page');
      else params.set('page', String(page));
      const query = params.toString();
      return query ? `${pathname}?${query}` : pathname;
    },
    [pathname, search],
  );
}
