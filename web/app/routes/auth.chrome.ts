import type { LoaderFunctionArgs } from '@remix-run/node';
import { currentUser } from '~/auth/current-user.server';
import { privateJson } from '~/api/http/api-action.server';
import { responseForActionError } from '~/services/grpc-errors.server';
import { chromeUser } from '~/site/root-data.server';
import type { ChromeUserJson } from '~/site/use-chrome-user';

/**
 * GET /auth/chrome: what the masthead shows of the signed-in user ({ user }, null for a visitor),
 * asked by a page that came from the shared cache to a browser with the signed-in marker (ADR 083).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  let user;
  try {
    const found = await currentUser(request);
    user = found ? chromeUser(found) : null;
  } catch (error) {
    // Accounts down (503): the page keeps the marker and asks again on the next page.
    return responseForActionError(error);
  }
  const json: ChromeUserJson | null = user
    ? { name: user.name, is_admin: user.isAdmin, is_business: user.isBusiness, admin_url: user.adminUrl }
    : null;
  return privateJson({ user: json });
}
