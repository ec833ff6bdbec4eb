import type { LoaderFunctionArgs } from '@remix-run/node';
import { messageBundle, messagesFile } from '~/i18n/messages.server';
import { loader } from '~/routes/i18n.$file';
import { rootData } from '~/site/root-data.server';

/** ADR 078: a page names its messages' address; the browser fetches them once and keeps them. */
const get = async (file: string): Promise<Response> => {
  const args: LoaderFunctionArgs = {
    request: new Request(`http://site.test/i18n/${file}`),
    params: { file },
    context: {},
  };
  try {
    return await loader(args);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
};

describe('GET /i18n/{language}.{hash}.json (the messages of a language)', () => {
  it('answers the language’s messages, kept for a year under the address of their content', async () => {
    const file = messagesFile('de');
    expect(file.href).toMatch(/^\/i18n\/de\.[0-9a-f]{12}\.json$/);
    const response = await get(file.href.slice('/i18n/'.length));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('max-age=31536000, immutable');
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(messageBundle('de'))));
  });

  it('gives each language its own address, its own texts', () => {
    const hrefs = (['de', 'en', 'fr', 'it', 'pt', 'es'] as const).map((language) => messagesFile(language).href);
    expect(new Set(hrefs).size).toBe(6);
    expect(messagesFile('fr').body).toContain(JSON.stringify(messageBundle('fr').fr).slice(1, 40));
  });

  it('answers an earlier release’s address with today’s texts, kept only briefly', async () => {
    const response = await get('fr.0123456789ab.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('max-age=300');
    expect(await response.json()).toEqual(JSON.parse(messagesFile('fr').body));
  });

  it('answers 404 for a language the site does not speak or a name of another form', async () => {
    for (const file of ['xx.0123456789ab.json', 'de.json', 'de.0123456789ab.js', '../secrets', 'DE.0123456789ab.json'])
      expect((await get(file)).status).toBe(404);
  });

  it('the root data names the address instead of carrying the messages', async () => {
    const { data } = await rootData(new Request('http://site.test/de-ch/search?search=tv'));
    expect(data.language).toBe('de');
    expect(data.messagesHref).toBe(messagesFile('de').href);
    expect(JSON.stringify(data).length).toBeLessThan(1_000);
  });
});
