import type { LoaderFunctionArgs } from '@remix-run/node';
import { currentUser } from '~/auth/current-user.server';
import { serverT } from '~/i18n/server-t.server';
import { siteContext } from '~/site/site-context.server';

/**
 * The favourites pages (spec §2.2): open to everyone; favourites are kept for signed-in users
 * (spec §1), so a visitor is invited to sign in and pointed to the recently viewed products.
 */
export function favouritesLoader(kind: 'index' | 'all' | 'list') {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const context = siteContext(request, params.locale);
    const user = await currentUser(request);
    const { t } = serverT(context.language);
    const title = kind === 'list' ? t('favourites.list', { name: params.list ?? '' }) : kind === 'all' ? t('favourites.all') : t('favourites.title');
    const url = new URL(request.url);
    return { title, signedIn: user !== null, here: url.pathname };
  };
}
