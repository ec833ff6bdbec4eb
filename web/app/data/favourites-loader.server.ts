import type { LoaderFunctionArgs } from '@remix-run/node';
import { currentUser } from '~/auth/current-user.server';
import { serverT } from '~/i18n/server-t.server';
import { siteContext } from '~/site/site-context.server';
import { allFavourites, listWithProducts, resolveListId, userLists } from './favourites.server';
import { required } from './load.server';

/**
 * The favourites pages (spec §2.2): {locale}/favourites (the user's lists), /favourites/all
 * (every favourite once) and /favourites/{list} (one list: its owner's, or a public one for
 * anyone; another user's private list is not found). Favourites are kept for signed-in users
 * (spec §1): a visitor is invited to sign in.
 */
export function favouritesLoader(kind: 'index' | 'all' | 'list') {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const context = siteContext(request, params.locale);
    const user = await currentUser(request);
    const { t } = serverT(context.language);
    const here = new URL(request.url).pathname;
    const base = {
      signedIn: user !== null,
      here,
      kind,
      lists: null,
      products: null,
      saved: {},
      total: 0,
      list: null,
    };
    if (kind === 'list' && (user || params.list !== 'default')) {
      const lists = user ? await required(userLists(user.id)) : [];
      const shown = await required(listWithProducts(context, user?.id ?? '', resolveListId(lists, params.list)));
      return {
        ...base,
        ...shown,
        title: t('favourites.list', { name: shown.list?.name ?? '' }),
        owned: lists.some((l) => l.id === shown.list?.id),
      };
    }
    if (!user) return { ...base, title: kind === 'all' ? t('favourites.all') : t('favourites.title'), owned: false };
    if (kind === 'all')
      return { ...base, ...(await required(allFavourites(context, user.id))), title: t('favourites.all'), owned: true };
    return { ...base, lists: await required(userLists(user.id)), title: t('favourites.title'), owned: true };
  };
}
