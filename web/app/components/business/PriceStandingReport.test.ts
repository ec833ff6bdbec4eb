// A shop's price standing tells its owner of their prices held as implausibly low (ADR 144, 146).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PriceStanding } from '~/data/price-standing.server';
import { serverT } from '~/i18n/server-t.server';
import { SiteContext, type Site } from '~/site/site-provider';
import { PriceStandingReport } from './PriceStandingReport';

function render(standing: PriceStanding, language: 'en' | 'de', tag: string): string {
  const site = { t: serverT(language).t, tag, language, route: () => '/' } as unknown as Site;
  return renderToStaticMarkup(
    createElement(
      SiteContext.Provider,
      { value: site },
      createElement(PriceStandingReport, { shopId: 'sh_1', standing, firstPage: true }),
    ),
  );
}

const standing = (counts: Partial<PriceStanding['counts']>): PriceStanding => ({
  country: 'CH',
  currency: 'CHF',
  countries: ['CH'],
  counts: { cheapest: 0, within: 0, above: 0, notCompared: 0, held: 0, ...counts },
  products: [],
  totalProducts: 0,
  nextPageToken: '',
  computedAt: '2026-05-04T08:05:00.000Z',
});

describe('the price standing report', () => {
  it('tells the owner how many of their products have only held prices, in the page’s language', () => {
    expect(render(standing({ cheapest: 4, held: 2 }), 'en', 'en-CH')).toContain(
      '2 of your products have only prices far below the other shops’',
    );
    expect(render(standing({ cheapest: 4, held: 2 }), 'de', 'de-CH')).toContain(
      '2 Ihrer Produkte haben nur Preise weit unter denen der anderen Shops',
    );
  });

  it('is not empty for a shop whose only matched products are held', () => {
    const html = render(standing({ held: 1 }), 'en', 'en-CH');
    expect(html).not.toContain('No listed offer of this shop is matched');
    expect(html).toContain('class="notice price-standing-held"');
  });

  it('says when the figures were computed, in UTC', () => {
    expect(render(standing({ cheapest: 3 }), 'en', 'en-CH')).toContain('Figures as of 4 May 2026, 08:05 UTC');
    expect(render(standing({ cheapest: 3 }), 'de', 'de-CH')).toContain('Stand: 04.05.2026, 08:05 UTC');
  });

  it('says nothing of held prices when there are none', () => {
    expect(render(standing({ cheapest: 3 }), 'en', 'en-CH')).not.toContain('price-standing-held');
  });
});
