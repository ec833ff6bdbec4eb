import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/auth/session.server';
import { serverT } from '~/i18n/server-t.server';
import { siteContext } from '~/site/site-context.server';

/**
 * The account pages (no locale prefix, spec §2.2): sign-in required, a visitor goes to login
 * with the target path (spec §2.5). The account area itself is built with the accounts service.
 */
export function accountLoader(titleKey: 'account.title' | 'account.favourites' | 'account.alerts') {
  return async ({ request }: LoaderFunctionArgs) => {
    const context = siteContext(request, undefined);
    const user = await requireUser(request, context.locale.id);
    return { title: serverT(context.language).t(titleKey), name: user.name };
  };
}
