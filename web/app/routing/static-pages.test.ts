import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { INTERFACE_LANGUAGES } from '~/i18n/regions';
import { findStaticPage, STATIC_PAGES } from './static-pages';

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
});
