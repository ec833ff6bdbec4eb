import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { config } from '~/config.server';
import { cookieValue } from '~/site/cookies';
import { regionChoice } from '~/site/region-switch';
import { LANGUAGE_COOKIE } from '~/site/site-context.server';

/** GET /region?country=&language=&back=: the region modal's form target (works without JS). */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const choice = regionChoice(
    {
      country: url.searchParams.get('country'),
      language: url.searchParams.get('language'),
      back: url.searchParams.get('back'),
    },
    config.COUNTRY_HOSTS,
    url.host,
  );
  if (!choice) throw new Response('Not found', { status: 404 });
  const headers = new Headers();
  headers.append(
    'Set-Cookie',
    choice.language ? cookieValue(LANGUAGE_COOKIE, choice.language, 365) : cookieValue(LANGUAGE_COOKIE, '', 0),
  );
  return redirect(choice.location, { headers });
}
