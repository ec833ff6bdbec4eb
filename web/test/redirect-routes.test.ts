import type { LoaderFunctionArgs } from '@remix-run/node';
import { loader as loginLoader } from '~/routes/$locale.login';
import { loader as regionPageLoader } from '~/routes/$locale.region';
import { loader as regionLoader } from '~/routes/region';

/**
 * The routes that redirect to a target named by the request (issue 43, open redirects), called as
 * Remix calls their loaders. The login page's redirect after signing in is covered in
 * security-api.test.ts (it needs accounts).
 */
const args = (path: string, params: Record<string, string> = {}): LoaderFunctionArgs => ({
  request: new Request(`http://site.test${path}`),
  params,
  context: {},
});

/** What a loader answered or threw, as status and Location. */
async function redirectOf(answer: unknown): Promise<[number, string | null]> {
  const response = await Promise.resolve(answer).catch((thrown: unknown) => thrown);
  if (!(response instanceof Response)) throw new Error(`not a Response: ${String(response)}`);
  return [response.status, response.headers.get('Location')];
}

describe('GET /region (the region form: country, language, back)', () => {
  it('finding: /region?back=/%5Cevil.example resolved off-site; now the new locale’s home', async () => {
    expect(await redirectOf(regionLoader(args('/region?country=ch&language=de&back=/%5Cevil.example')))).toEqual([
      302,
      '/de-ch',
    ]);
    expect(await redirectOf(regionLoader(args('/region?country=ch&language=de&back=/%255Cevil.example')))).toEqual([
      302,
      '/de-ch',
    ]);
    expect(await redirectOf(regionLoader(args('/region?country=de&language=de&back=/%09/evil.example')))).toEqual([
      302,
      '/de',
    ]);
  });

  it('finding: a newline in back answered 500; now a redirect home', async () => {
    expect(await redirectOf(regionLoader(args('/region?country=ch&language=fr&back=/%0ASet-Cookie:%20x=1')))).toEqual([
      302,
      '/fr-ch',
    ]);
  });

  it('still brings the visitor back to the same page under the new locale', async () => {
    expect(
      await redirectOf(regionLoader(args('/region?country=de&language=de&back=%2Fen-ch%2Fsearch%3Fsearch%3Dtv'))),
    ).toEqual([302, '/de/search?search=tv']);
  });

  it('the region page (without JavaScript) puts only a site path into its form', async () => {
    expect(regionPageLoader(args('/en-ch/region?back=/%5Cevil.example', { locale: 'en-ch' }))).toEqual({
      back: '/en-ch',
    });
    expect(regionPageLoader(args('/en-ch/region?back=/en-ch/brands', { locale: 'en-ch' }))).toEqual({
      back: '/en-ch/brands',
    });
  });
});

describe('GET /{locale}/login?redirect=', () => {
  const target = async (query: string): Promise<string> => {
    const answer = (await loginLoader(args(`/de-ch/login${query}`, { locale: 'de-ch' }))) as unknown as {
      data: { redirect: string };
    };
    return answer.data.redirect;
  };

  it('finding: /{locale}/login?redirect=/%09/evil.example would go to "/\\t/evil.example" after sign-in; the form now carries home', async () => {
    expect(await target('?redirect=/%09/evil.example')).toBe('/de-ch');
    expect(await target('?redirect=/%5Cevil.example')).toBe('/de-ch');
    expect(await target('?redirect=/%0Ax')).toBe('/de-ch');
    expect(await target('?redirect=%2Fde-ch%2Ffavourites%2Fall')).toBe('/de-ch/favourites/all');
  });
});
