import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { analyzeFeed } from './analyze-feed';
import { testDataset } from './testing/test-data';
import { GoogleTaxonomy, taxonomyFilesIn } from './validate/google-taxonomy';

// Real feeds found in public repositories, with their known quirks. They carry no licence to be
// redistributed, so they are read from the test-data folder and skipped (loudly) without it.
const feeds = testDataset('merchant-feeds', 'the merchant-feed tests');
const taxonomyDir = testDataset('google-product-taxonomy', 'the merchant-feed tests');
const describeWithData = feeds && taxonomyDir ? describe : describe.skip;

describeWithData('real merchant feeds', () => {
  let taxonomy: GoogleTaxonomy;
  beforeAll(async () => {
    taxonomy = await GoogleTaxonomy.load(taxonomyFilesIn(taxonomyDir as string));
  });
  const analyze = (file: string, defaults: { country: string; currency: string; language: string }) =>
    analyzeFeed(createReadStream(join(feeds as string, file)), { defaults, taxonomy });

  it('formeleven (RSS on one line): reports the "UK" shipping country and the items without GTIN or MPN', async () => {
    const report = await analyze('formeleven-product-feed.xml', { country: 'GB', currency: 'GBP', language: 'en' });
    expect(report).toMatchObject({ format: 'google-merchant-xml', rows: 8, complete: true });
    expect(report.warningsByReason.country_code).toBe(8);
    expect(report.samples).toContainEqual(
      expect.objectContaining({ field: 'shipping.country', reason: 'country_code', value: 'UK' }),
    );
    // identifier_exists "no": our feeds need a GTIN or an MPN (spec), so these items are rejected.
    expect(report.rejectedByReason).toEqual({ identifier_required: 8 });
    // One text category is not in the 2021 taxonomy.
    expect(report.samples).toContainEqual(
      expect.objectContaining({
        reason: 'category_unknown',
        value: 'Home & Garden > Lighting Accessories > Lampshades',
      }),
    );
  });

  it('gmc learning site (TSV): every item valid, the category ids that do not fit the products flagged', async () => {
    const report = await analyze('gmc-learning-site-feed.tsv', { country: 'US', currency: 'EUR', language: 'en' });
    expect(report).toMatchObject({ format: 'tsv', rows: 22, valid: 22, rejected: 0 });
    const mismatched = report.samples.filter((s) => s.reason === 'category_mismatch');
    expect(mismatched.map((s) => s.value)).toEqual(
      expect.arrayContaining([
        '188 Apparel & Accessories > Jewelry',
        '5446 Apparel & Accessories > Clothing Accessories > Bridal Accessories > Bridal Veils',
        '1786 Apparel & Accessories > Clothing Accessories > Balaclavas',
      ]),
    );
    expect(report.samples.find((s) => s.shopOfferId === 'polar-glove-black-m')).toMatchObject({
      position: 19,
      reason: 'category_mismatch',
    });
  });

  it('siroop (RSS with an s: namespace, no link): the placeholder GTIN fails its check digit', async () => {
    const report = await analyze('siroop-Beispielfeed_GSF_XML.xml', { country: 'CH', currency: 'CHF', language: 'de' });
    expect(report).toMatchObject({
      rows: 1,
      valid: 0,
      rejectedByReason: { required: 1 },
      rejectedByField: { link: 1 },
    });
    expect(report.samples).toContainEqual({
      position: 1,
      shopOfferId: '10162513-L',
      field: 'gtin',
      reason: 'gtin_check_digit',
      value: '123456789123',
      severity: 'warning',
    });
  });

  it('turkiyesolarmarket (785 items, mixed currencies): the category paths missing from the taxonomy', async () => {
    const report = await analyze('turkiyesolarmarket-merchant-feed.xml', {
      country: 'TR',
      currency: 'TRY',
      language: 'tr',
    });
    expect(report).toMatchObject({ rows: 785, complete: true });
    expect(report.warningsByReason.category_unknown).toBe(91);
    expect(report.warningsByReason.gtin_check_digit).toBeUndefined();
    // Items with neither GTIN nor MPN (identifier_exists false) are the only rejections.
    expect(Object.keys(report.rejectedByReason)).toEqual(['identifier_required']);
    expect(report.valid + report.rejected).toBe(785);
  });
});
