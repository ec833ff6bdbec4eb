import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/auth/guards.server';
import { serverT } from '~/i18n/server-t.server';
import { siteContext } from '~/site/site-context.server';

/**
 * The account pages (no locale prefix, spec §2.2): sign-in required, a visitor goes to login
 * with the target path (spec §2.5). The account pages' content comes with the accounts area.
 */
export function accountLoader(titleKey: 'account.title' | 'account.favourites' | 'account.alerts') {
  return async ({ request }: LoaderFunctionArgs) => {
    const context = siteContext(request, undefined);
    const user = await requireUser(request);
    return { title: serverT(context.language).t(titleKey), name: user.name };
  };
}
