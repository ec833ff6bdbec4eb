import { landedPrice, type LandedInput } from './landed-price.js';

/** EUR → CHF at 0.94, GBP → CHF at 1.12 and the reverse: enough for the thresholds. */
const RATES: Record<string, number> = {
  'EUR>CHF': 0.94,
  'CHF>EUR': 1 / 0.94,
  'GBP>EUR': 1.17,
  'EUR>GBP': 1 / 1.17,
  'CHF>GBP': 0.89,
  'GBP>CHF': 1.12,
};
const convertTo = (currency: string) => (amount: { amountMinor: number; currency: string }) =>
  amount.currency === currency
    ? amount
    : {
        amountMinor: Math.round(amount.amountMinor * (RATES[`${amount.currency}>${currency}`] ?? Number.NaN)),
        currency,
      };

const input = (partial: Partial<LandedInput> & { currency: string }): LandedInput => ({
  price: { amountMinor: 10_000, currency: partial.currency },
  shipping: { amountMinor: 0, currency: partial.currency },
  origin: 'DE',
  destination: 'CH',
  now: new Date('2026-12-01T12:00:00Z'),
  convert: convertTo(partial.currency),
  ...partial,
});

describe('landed price estimates (import-rules.ts)', () => {
  it('waives Swiss import VAT of CHF 5 or less: a German offer of CHF 59.50 with CHF 5.95 shipping', () => {
    const estimate = landedPrice(
      input({
        currency: 'CHF',
        price: { amountMinor: 5_950, currency: 'CHF' },
        shipping: { amountMinor: 595, currency: 'CHF' },
      }),
    );
    // Without German VAT: 50.00 + 5.00 = 55.00; 8.1 % of it is 4.46 ≤ 5: not levied, no clearance.
    expect(estimate).toMatchObject({
      goods: 5_000,
      shipping: 500,
      originVatRemoved: 1_045,
      duty: 0,
      vat: 0,
      clearanceFee: 0,
      total: 5_500,
      vatPercent: 8.1,
    });
    expect(estimate?.rules).toEqual([
      'origin_vat_removed',
      'shipping_domestic',
      'ch_no_industrial_duty',
      'ch_vat_de_minimis',
    ]);
  });

  it('charges Swiss import VAT and Swiss Post’s clearance fee above it', () => {
    const estimate = landedPrice(
      input({
        currency: 'CHF',
        price: { amountMinor: 11_900, currency: 'CHF' },
        shipping: { amountMinor: 1_190, currency: 'CHF' },
      }),
    );
    // 100.00 + 10.00 = 110.00; fee 11.50 + 3 % = 14.80; VAT 8.1 % of 124.80 = 10.11.
    expect(estimate).toMatchObject({
      goods: 10_000,
      shipping: 1_000,
      clearanceFee: 1_480,
      vat: 1_011,
      duty: 0,
      total: 11_000 + 1_480 + 1_011,
    });
    expect(estimate?.rules).toContain('ch_post_clearance_fee');
    // From Britain the basic fee is CHF 16, and the fee is at most CHF 70.
    expect(
      landedPrice(input({ currency: 'CHF', origin: 'GB', price: { amountMinor: 240_000, currency: 'CHF' } }))
        ?.clearanceFee,
    ).toBe(7_000);
  });

  it('swaps the VAT within the EU (OSS) and adds no duty', () => {
    const estimate = landedPrice(
      input({
        currency: 'EUR',
        origin: 'AT',
        destination: 'DE',
        price: { amountMinor: 12_000, currency: 'EUR' },
        shipping: null,
      }),
    );
    expect(estimate).toMatchObject({ goods: 10_000, shipping: null, duty: 0, vat: 1_900, total: 11_900 });
    expect(estimate?.rules).toEqual(['origin_vat_removed', 'shipping_unknown', 'eu_oss_destination_vat']);
  });

  it('charges the EU’s flat EUR 3 duty under EUR 150 from July 2026, and an assumed rate above', () => {
    const small = landedPrice(
      input({ currency: 'EUR', origin: 'CH', destination: 'FR', price: { amountMinor: 10_810, currency: 'EUR' } }),
    );
    expect(small).toMatchObject({ goods: 10_000, duty: 300, vat: 2_060, total: 12_360 });
    expect(small?.rules).toContain('eu_flat_duty');
    const before = landedPrice(
      input({
        currency: 'EUR',
        origin: 'CH',
        destination: 'FR',
        price: { amountMinor: 10_810, currency: 'EUR' },
        now: new Date('2026-06-30T12:00:00Z'),
      }),
    );
    expect(before).toMatchObject({ duty: 0, vat: 2_000 });
    const large = landedPrice(
      input({ currency: 'EUR', origin: 'GB', destination: 'DE', price: { amountMinor: 24_000, currency: 'EUR' } }),
    );
    expect(large).toMatchObject({ goods: 20_000, duty: 800, dutyPercent: 4, vat: 3_952 });
  });

  it('lets the seller charge UK VAT up to GBP 135, and adds duty and import VAT above', () => {
    expect(
      landedPrice(
        input({ currency: 'GBP', origin: 'DE', destination: 'GB', price: { amountMinor: 11_900, currency: 'GBP' } }),
      ),
    ).toMatchObject({ goods: 10_000, duty: 0, vat: 2_000, rules: expect.arrayContaining(['gb_vat_at_sale']) });
    expect(
      landedPrice(
        input({ currency: 'GBP', origin: 'FR', destination: 'GB', price: { amountMinor: 24_000, currency: 'GBP' } }),
      ),
    ).toMatchObject({ goods: 20_000, duty: 800, vat: 4_160 });
  });

  it('has no estimate for a destination without rules or for the same country', () => {
    expect(landedPrice(input({ currency: 'USD', destination: 'US' }))).toBeNull();
    expect(landedPrice(input({ currency: 'CHF', origin: 'CH', destination: 'CH' }))).toBeNull();
  });
});
