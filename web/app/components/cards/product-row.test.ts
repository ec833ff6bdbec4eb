// A row's pictures: lazy, but for the first ones of a row at the top of its page (the home page's
// popular products), whose first picture is the page's largest content (LCP).
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteContext, type Site } from '~/site/site-provider';
import { cardFixture as card } from '../../../test/card-fixture';
import { ProductRow } from './ProductRow';

// Links as plain anchors: the markup of the pictures is what is tested, not the router's.
jest.mock('@remix-run/react', () => ({
  Link: ({ to, children }: { to: string; children: ReactNode }) => createElement('a', { href: to }, children),
}));

const site = { t: (key: string) => key, route: () => '/en-ch/search', tag: 'en-CH', language: 'en' } as unknown as Site;
const products = Array.from({ length: 10 }, (_, i) => card(`p${i}`));

/** The row's <img> tags, in order. */
function pictures(aboveTheFold: boolean): string[] {
  const html = renderToStaticMarkup(
    createElement(
      SiteContext.Provider,
      { value: site },
      createElement(ProductRow, { id: 'popular', title: 'Popular', products, aboveTheFold }),
    ),
  );
  return html.match(/<img [^>]*>/g) ?? [];
}

describe('ProductRow pictures', () => {
  it('loads the pictures in view at once in a row above the fold, the first painted with the first frame', () => {
    const tags = pictures(true);
    expect(tags).toHaveLength(10);
    expect(tags.slice(0, 7).every((tag) => tag.includes('loading="eager"'))).toBe(true);
    expect(tags.slice(7).every((tag) => tag.includes('loading="lazy"'))).toBe(true);
    expect(tags[0]).toContain('decoding="auto"');
    expect(tags.slice(1).every((tag) => tag.includes('decoding="async"'))).toBe(true);
  });

  it('leaves every picture of another row to load when it comes into view', () => {
    const tags = pictures(false);
    expect(tags.every((tag) => tag.includes('loading="lazy"') && tag.includes('decoding="async"'))).toBe(true);
  });
});
