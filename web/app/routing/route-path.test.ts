import { productSegment, routePath, withLocale } from './route-path';
import { findStaticPage, STATIC_PAGES, staticPageSegments } from './static-pages';

describe('routePath', () => {
  it('builds /{locale}/ and the screen’s words, keeping the locale', () => {
    expect(routePath('home', { locale: 'en-ch', language: 'en' })).toBe('/en-ch');
    expect(routePath('shops.show', { locale: 'de', language: 'de' }, { shop: 'sh_1' })).toBe('/de/shops/sh_1');
    expect(
      routePath('search', { locale: 'fr-ch', language: 'fr' }, {}, { search: 'tv 4k', page: 2, sort: undefined }),
    ).toBe('/fr-ch/search?search=tv+4k&page=2');
  });

  it('translates the words of static pages into en, de and fr', () => {
    expect(routePath('about.company', { locale: 'en-gb', language: 'en' })).toBe('/en-gb/about/company');
    expect(routePath('about.company', { locale: 'de-ch', language: 'de' })).toBe('/de-ch/ueber-uns/unternehmen');
    expect(routePath('legal.terms-of-use', { locale: 'fr', language: 'fr' })).toBe(
      '/fr/juridique/conditions-d-utilisation',
    );
    expect(routePath('help.faq', { locale: 'en-ch', language: 'it' })).toBe('/en-ch/help/frequently-asked-questions');
  });

  it('puts the account area and the click-out outside the locale', () => {
    expect(routePath('account.alerts', { locale: 'de-ch', language: 'de' })).toBe('/account/alerts');
    expect(routePath('goto', { locale: 'de-ch', language: 'de' }, { locationId: 'lc_1' })).toBe('/goto/lc_1');
  });

  it('refuses a missing parameter instead of linking nowhere', () => {
    expect(() => routePath('brands.show', { locale: 'en-ch', language: 'en' })).toThrow('brand');
  });

  it('writes a product as slug, -p marker and id', () => {
    expect(productSegment('sony-wh-1000xm5', 'abc')).toBe('sony-wh-1000xm5-pabc');
    expect(productSegment('', 'abc')).toBe('abc');
  });

  it('swaps the locale of a path and keeps the rest and the query', () => {
    expect(withLocale('/en-ch/search?search=tv&page=2', 'de')).toBe('/de/search?search=tv&page=2');
    expect(withLocale('/en-ch', 'fr-ch')).toBe('/fr-ch');
  });
});

describe('static pages', () => {
  it('find a page by its words in the preferred language, then in the others', () => {
    expect(findStaticPage(['ueber-uns', 'mission'], 'de')).toMatchObject({
      page: { name: 'about.mission' },
      language: 'de',
    });
    expect(findStaticPage(['about', 'mission'], 'de')).toMatchObject({
      page: { name: 'about.mission' },
      language: 'en',
    });
    expect(findStaticPage(['about', 'nope'], 'en')).toBeNull();
  });

  it('have distinct paths in every route language', () => {
    for (const language of ['en', 'de', 'fr'] as const) {
      const paths = STATIC_PAGES.map((p) => staticPageSegments(p, language).join('/'));
      expect(new Set(paths).size).toBe(paths.length);
    }
  });
});
