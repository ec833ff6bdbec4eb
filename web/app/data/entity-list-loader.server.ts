import type { LoaderFunctionArgs } from '@remix-run/node';
import { serverT } from '~/i18n/server-t.server';
import { siteContext } from '~/site/site-context.server';
import { entityList, pageCount } from './lists.server';

/** The loader of the shops, brands and categories list pages (spec §2.2). */
export function entityListLoader(kind: 'brands' | 'shops' | 'categories') {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const context = siteContext(request, params.locale);
    const url = new URL(request.url);
    const search = url.searchParams.get('search') ?? '';
    const { items, meta } = await entityList(kind, context, {
      search,
      page: url.searchParams.get('page'),
      // The API validates it (an unknown sort: the page does not exist, as for a bad page).
      sort: url.searchParams.get('sort') || (search ? undefined : 'name'),
    });
    return {
      title: serverT(context.language).t(`lists.${kind}`),
      items,
      total: meta.total,
      page: meta.page,
      pages: pageCount(meta),
      search,
      sortOptions: meta.sortOptions,
      sort: meta.sort,
    };
  };
}
