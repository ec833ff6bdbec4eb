import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverT } from '~/i18n/server-t.server';
import { INTERFACE_LANGUAGES } from '~/i18n/regions';
import { routePath, type RouteName } from './route-path';
import { SLUGS, type SlugName } from './slugs';
import { findStaticPage, pageTitleKey, STATIC_PAGES } from './static-pages';

const MARKDOWN = join(__dirname, '..', '..', 'content', 'markdown');

describe('static pages (spec §2.3)', () => {
  it('have their text in every interface language: no page falls back to English', () => {
    const missing = STATIC_PAGES.flatMap((page) =>
      INTERFACE_LANGUAGES.filter((language) => !existsSync(join(MARKDOWN, `${page.markdown}.${language}.md`))).map(
        (language) => `${page.markdown}.${language}.md`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it('have a title in every interface language', () => {
    const untitled = STATIC_PAGES.flatMap((page) =>
      INTERFACE_LANGUAGES.filter((language) => {
        const title = serverT(language).t(pageTitleKey(page.name));
        return title === '' || title === pageTitleKey(page.name) || title.includes('missing');
      }).map((language) => `${page.name} ${language}`),
    );
    expect(untitled).toEqual([]);
  });

  it('use every translated slug of §2.3: none answers 404', () => {
    // "products" is a screen of §2.2 (with route aliases), not a page of our own text.
    const used = new Set(STATIC_PAGES.flatMap((page) => page.path));
    // The words of routes of their own (the products list, the deals page), not of static pages.
    const ROUTE_WORDS = new Set<SlugName>(['products', 'deals']);
    const unused = (Object.keys(SLUGS) as SlugName[]).filter((slug) => !ROUTE_WORDS.has(slug) && !used.has(slug));
    expect(unused).toEqual([]);
  });

  it('answer the careers, advertise and register-shop words of §2.1 in every route language', () => {
    expect(['careers', 'karriere', 'carrieres'].map((word) => findStaticPage([word], 'en')?.page.name)).toEqual([
      'careers',
      'careers',
      'careers',
    ]);
    expect(['advertise', 'werben', 'publicite'].map((word) => findStaticPage([word], 'en')?.page.name)).toEqual([
      'advertise',
      'advertise',
      'advertise',
    ]);
    expect(
      ['register-shop', 'shop-registrieren', 'inscrire-une-boutique'].map(
        (word) => findStaticPage([word], 'fr')?.page.name,
      ),
    ).toEqual(['register-shop', 'register-shop', 'register-shop']);
  });

  it.each([
    ['about.the-team', 'about/the-team', 'ueber-uns/das-team', 'a-propos/l-equipe'],
    ['about.commitment', 'about/our-commitment', 'ueber-uns/unser-engagement', 'a-propos/notre-engagement'],
    ['environment.green-tax', 'environment/green-tax', 'umwelt/gruene-steuer', 'environnement/taxe-verte'],
    [
      'environment.eco-shopping',
      'environment/eco-shopping',
      'umwelt/oeko-shopping',
      'environnement/achats-ecologiques',
    ],
    [
      'environment.shopping-impact',
      'environment/impact-of-shopping',
      'umwelt/auswirkungen-des-einkaufens',
      'environnement/impact-des-achats',
    ],
    [
      'help.delivery-rates',
      'help/delivery-rates-policies',
      'hilfe/versandkosten-richtlinien',
      'aide/frais-et-conditions-de-livraison',
    ],
    ['legal', 'legal', 'rechtliches', 'juridique'],
    ['business', 'business', 'geschaeftskunden', 'entreprises'],
    ['list-your-products', 'list-your-products', 'produkte-listen', 'referencer-vos-produits'],
    ['associates-program', 'associates-program', 'partnerprogramm', 'programme-d-affiliation'],
  ] as const)('%s answers its words in en, de and fr', (name, en, de, fr) => {
    expect(routePath(name, { locale: 'en-ch', language: 'en' })).toBe(`/en-ch/${en}`);
    expect(routePath(name, { locale: 'de-ch', language: 'de' })).toBe(`/de-ch/${de}`);
    expect(routePath(name, { locale: 'fr', language: 'fr' })).toBe(`/fr/${fr}`);
    for (const [language, words] of [
      ['en', en],
      ['de', de],
      ['fr', fr],
    ] as const)
      expect(findStaticPage(words.split('/'), language)).toMatchObject({ page: { name }, language });
  });

  it('list the legal pages on the legal index, in every language', () => {
    const legal = STATIC_PAGES.filter((page) => page.section === 'legal' && page.name !== 'legal').map((p) => p.name);
    expect(legal).toEqual(['legal.imprint', 'legal.terms-of-use', 'legal.data-protection']);
    for (const language of INTERFACE_LANGUAGES) {
      const text = readFileSync(join(MARKDOWN, `legal.${language}.md`), 'utf8');
      expect({ language, links: legal.filter((name) => text.includes(`(route:${name})`)) }).toEqual({
        language,
        links: legal,
      });
    }
  });

  it('link only to routes that exist', () => {
    const broken = readdirSync(MARKDOWN)
      .filter((file) => file.endsWith('.md'))
      .flatMap((file) =>
        [...readFileSync(join(MARKDOWN, file), 'utf8').matchAll(/\]\(route:([a-z.-]+)\)/g)]
          .map((match) => match[1] ?? '')
          .filter((name) => {
            try {
              routePath(name as RouteName, { locale: 'en-ch', language: 'en' });
              return false;
            } catch {
              return true;
            }
          })
          .map((name) => `${file}: ${name}`),
      );
    expect(broken).toEqual([]);
  });
});
