import { i18nFor } from '~/i18n/i18n';
import { messageBundle } from '~/i18n/messages.server';
import type { SiteContext } from '~/site/site-context.server';
import { abroadMarkup, priceFactsMarkup } from './price-markup.server';
import { abroadViews, priceFactViews } from './price-views.server';

const context = { language: 'en', tag: 'en-CH' } as unknown as SiteContext;
const { t } = i18nFor('en', messageBundle('en'));
const chf = (amount: number) => ({ amount, currency: 'CHF' });
/** Intl writes a no-break space between currency and amount. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(/\u00a0/g, ' ')) as T;

describe('the product page’s price texts', () => {
  it('write a landed estimate from Germany for a Swiss visitor, with its parts and rules', () => {
    const [row] = abroadViews(
      [
        {
          country: 'DE',
          price: chf(27_294),
          own: { amount: 28_999, currency: 'EUR' },
          percent: -8.72,
          shop: 'gamma markt',
          rating: null,
          landed: {
            total: chf(26_781),
            goods: chf(22_936),
            shipping: null,
            duty: chf(0),
            vat: chf(2_007),
            clearanceFee: chf(1_838),
            originVatRemoved: chf(4_358),
            shop: 'gamma markt',
            rules: ['origin_vat_removed', 'ch_vat_de_minimis'],
            vatPercent: 8.1,
            dutyPercent: 0,
            percent: -20.98,
          },
        },
      ],
      'CH',
      context,
      t,
    ).map(plain);
    expect(row).toMatchObject({
      name: 'Germany',
      landed: 'about CHF 267.81 delivered to you',
      landedDifference: '21 % cheaper',
      shop: 'gamma markt',
    });
    expect(row?.details?.parts[3]).toEqual(['VAT of Switzerland (8.1 %)', 'CHF 20.07']);
    expect(row?.details?.rules[0]).toBe('A shop selling abroad does not charge the VAT of Germany.');
  });

  it('show the stars of a row’s shop as its offer rows do, and none for a shop without reviews', () => {
    const row = (country: string, shop: string, rating: { value: number; count: number } | null) => ({
      country,
      price: chf(27_294),
      own: null,
      percent: -8.72,
      shop,
      rating,
      landed: null,
    });
    const views = abroadViews(
      [row('DE', 'gamma markt', { value: 3.5, count: 2 }), row('AT', 'Donau Elektro', null)],
      'CH',
      context,
      t,
    );
    expect(views.map((view) => view.rating)).toEqual([{ value: 3.5, count: 2 }, null]);
    const html = abroadMarkup(views, { t, tag: 'en-CH' });
    const [germany, austria] = html.split('<li ').slice(1);
    expect(germany).toContain(
      '<span class="muted">gamma markt</span><span class="rating" title="Rated 3.5 out of 5"><span aria-hidden="true" class="stars">★★★★☆</span> <span>3.5</span><span class="visually-hidden">out of 5</span> <span class="muted">(2)</span></span>',
    );
    expect(austria).toContain('<span class="muted">Donau Elektro</span></div>');
    expect(austria).not.toContain('class="rating');
  });

  it('strike through only the history’s "was" price and escape nothing wrongly', () => {
    const facts = priceFactViews(
      {
        lowest30: chf(9_900),
        lowest30At: '2026-11-20T00:00:00Z',
        lowestEver: chf(8_900),
        lowestEverAt: '2026-01-02T00:00:00Z',
        was: chf(11_900),
        reducedAt: '2026-11-20T00:00:00Z',
      },
      chf(10_890),
      context,
      t,
    );
    const html = priceFactsMarkup(facts, 'was').replace(/\u00a0/g, ' ');
    expect(html).toContain('<li class="fact-total">Cheapest with shipping: CHF 108.90</li>');
    expect(html).toContain(
      '<s><span class="visually-hidden">was </span>CHF 119.00</s> lowest price in the 30 days before 20 Nov 2026',
    );
    expect(html).toContain('Lowest ever: CHF 89.00 on 2 Jan 2026');
  });
});
