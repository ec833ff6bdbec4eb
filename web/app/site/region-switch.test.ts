import { localeFor } from '~/i18n/regions';
import { regionChoice } from './region-switch';
import { readRecentlyViewed, recentlyViewedCookie, withViewed } from './recently-viewed';

describe('localeFor', () => {
  it('picks the canonical locale of a country and language', () => {
    expect(localeFor('ch', 'fr')).toBe('fr-ch');
    expect(localeFor('de', 'de')).toBe('de'); // not de-de: the first id of spec §2.1 wins
    expect(localeFor('gb', 'en')).toBe('gb');
    expect(localeFor('ch', 'it')).toBe('en-ch'); // Italian interface on the Swiss English locale
    expect(localeFor('us', 'en')).toBeNull();
  });
});

describe('regionChoice', () => {
  it('keeps the page and its query under the new locale', () => {
    expect(regionChoice({ country: 'de', language: 'de', back: '/en-ch/search?search=tv' }, {}, 'localhost')).toEqual({
      location: '/de/search?search=tv',
      locale: 'de',
      language: null,
    });
  });

  it('remembers a language that is not the locale’s own', () => {
    expect(regionChoice({ country: 'ch', language: 'pt', back: '/en-ch' }, {}, 'x')).toMatchObject({
      locale: 'en-ch',
      language: 'pt',
    });
  });

  it('sends a country switch to that country’s host with the same path', () => {
    const hosts = { de: 'www.pricecompare.de', ch: 'www.pricecompare.ch' };
    expect(
      regionChoice({ country: 'de', language: 'en', back: '/en-ch/brands' }, hosts, 'www.pricecompare.ch')?.location,
    ).toBe('https://www.pricecompare.de/en-de/brands');
    expect(
      regionChoice({ country: 'ch', language: 'de', back: '/en-ch/brands' }, hosts, 'www.pricecompare.ch')?.location,
    ).toBe('/de-ch/brands');
  });

  it('never redirects to another origin through back', () => {
    expect(regionChoice({ country: 'ch', language: 'en', back: '//evil.example' }, {}, 'x')?.location).toBe('/en-ch');
  });
});

describe('recently viewed', () => {
  it('keeps at most 10 ids, newest first, without duplicates', () => {
    let ids: string[] = [];
    for (let i = 0; i < 12; i += 1) ids = withViewed(ids, `p${i}`);
    ids = withViewed(ids, 'p5');
    expect(ids).toHaveLength(10);
    expect(ids.slice(0, 3)).toEqual(['p5', 'p11', 'p10']);
  });

  it('round-trips through the cookie for 30 days and ignores junk', () => {
    const cookie = recentlyViewedCookie(['a', 'b']);
    expect(cookie).toContain('Max-Age=2592000');
    expect(readRecentlyViewed(cookie.split(';')[0])).toEqual(['a', 'b']);
    expect(readRecentlyViewed('recently_viewed_products=%5B1%2C%22..%2Fx%22%5D')).toEqual([]);
    expect(readRecentlyViewed('recently_viewed_products=notjson')).toEqual([]);
  });
});
