import { badgeColour, cutDescription, productIdFromSegment, visibleOffers } from './offer-view';

describe('product page rules', () => {
  it('colours availability badges as spec §4 says', () => {
    expect(
      [
        'unknown',
        'pre_sale',
        'pre_order',
        'in_stock',
        'out_of_stock',
        'limited',
        'sold_out',
        'discontinued',
        'bogus',
      ].map(badgeColour),
    ).toEqual(['grey', 'blue', 'blue', 'green', 'orange', 'orange', 'orange', 'red', 'grey']);
  });

  it('shows the first 10 offers until show-all', () => {
    const offers = Array.from({ length: 13 }, (_, i) => i);
    expect(visibleOffers(offers, false)).toEqual({ shown: offers.slice(0, 10), hidden: 3 });
    expect(visibleOffers(offers, true)).toEqual({ shown: offers, hidden: 0 });
    expect(visibleOffers(offers.slice(0, 10), false).hidden).toBe(0);
  });

  it('cuts a description at 500 characters on a word boundary', () => {
    const long = 'word '.repeat(150);
    const cut = cutDescription(long);
    expect(cut.cut).toBe(true);
    expect(cut.text.length).toBeLessThanOrEqual(501);
    expect(cut.text.endsWith('word…')).toBe(true);
    expect(cutDescription('short')).toEqual({ text: 'short', cut: false });
  });

  it('reads the id after the last -p marker', () => {
    expect(productIdFromSegment('sony-wh-1000xm5-pro-pabc123')).toBe('abc123');
    expect(productIdFromSegment('abc123')).toBe('abc123');
  });
});
