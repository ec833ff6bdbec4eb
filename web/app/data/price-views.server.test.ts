import { i18nFor } from '~/i18n/i18n';
import { messageBundle } from '~/i18n/messages.server';
import type { SiteContext } from '~/site/site-context.server';
import { priceFactsMarkup } from './price-markup.server';
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
