import { locationIdOf, offerIdOf } from './offer-record.js';

describe('offer and location ids', () => {
  it('stay the ids already stored and linked: the same (shop, item) gives the same ids in every version', () => {
    // Pinned values: a changed digest would orphan every stored offer, price history and click link.
    expect(offerIdOf('sh_alpha', 'A-1')).toBe('of_rHnb-p1Vdh5tg_14JwSS_f');
    expect(locationIdOf('sh_alpha', 'A-1')).toBe('lc_JYbHDljJHxzJWR354vVCT_');
  });

  it('differ for another item, and cannot be forged by shifting characters between shop and item', () => {
    expect(offerIdOf('sh_alpha', 'A-1x')).toBe('of_qRMqc8ibN-IJMqfLEzcr3J');
    expect(offerIdOf('sh_alph', 'aA-1')).not.toBe(offerIdOf('sh_alpha', 'A-1'));
    expect(locationIdOf('sh_alpha', 'A-1')).not.toBe(offerIdOf('sh_alpha', 'A-1').replace('of_', 'lc_'));
  });
});
