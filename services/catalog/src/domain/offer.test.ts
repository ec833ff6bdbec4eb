import { MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import { errorReasonOf, readOffer } from './offer.js';

const request = (fields: Partial<MatchProductRequest>) =>
  MatchProductRequest.fromPartial({ shopId: 's', shopOfferId: 'o', title: 'A title', ...fields });

describe('readOffer', () => {
  it('normalises identifiers, the brand key, the category path and image URLs', () => {
    const result = readOffer(
      request({
        gtin: '4006381-333931',
        brand: '  Hewlett-Packard  Inc. ',
        mpn: ' q7581-a ',
        categoryPath: ' Office >  Printers > > Toner ',
        imageUrls: ['https://a.example/1.jpg', 'ftp://a.example/2.jpg', '/relative.jpg', 'https://a.example/1.jpg'],
      }),
    );
    expect(result).toEqual({
      offer: expect.objectContaining({
        gtin: '04006381333931',
        brandName: 'Hewlett-Packard Inc.',
        brandKey: 'hewlettpackard',
        mpn: 'q7581-a',
        mpnKey: 'Q7581A',
        categoryPath: ['Office', 'Printers', 'Toner'],
        imageUrls: ['https://a.example/1.jpg'],
        language: 'en',
      }),
    });
  });

  it('ignores a malformed GTIN but needs a title, a valid GTIN or an MPN', () => {
    expect(readOffer(request({ gtin: '4006381333932' }))).toEqual({ offer: expect.objectContaining({ gtin: null }) });
    const missing = readOffer(request({ title: ' ', gtin: '4006381333932', mpn: 'n/a' }));
    expect('violations' in missing && errorReasonOf(missing.violations)).toBe('title_or_gtin_or_mpn_required');
    expect(readOffer(request({ title: '', gtin: '4006381333931' }))).toHaveProperty('offer');
  });

  it('names every bad field', () => {
    const result = readOffer(
      request({ shopId: '', language: 'EN', googleProductCategoryId: -1, title: 'x'.repeat(1_001) }),
    );
    expect('violations' in result && result.violations.map((v) => v.field)).toEqual([
      'shop_id',
      'title',
      'language',
      'google_product_category_id',
    ]);
    expect('violations' in result && errorReasonOf(result.violations)).toBe('shop_id_required');
  });
});
