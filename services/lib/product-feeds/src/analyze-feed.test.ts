import { Availability } from '@pc/proto/common/v1/commerce';
import { analyzeFeed, type AnalyzeOptions } from './analyze-feed';
import type { FeedOffer } from './validate/feed-offer';
import { GoogleTaxonomy } from './validate/google-taxonomy';

const CH = { country: 'CH', currency: 'CHF', language: 'de' };
const G = 'xmlns:g="http://base.google.com/ns/1.0"';

async function analyze(content: string | Buffer, options: Partial<AnalyzeOptions> = {}) {
  const offers: FeedOffer[] = [];
  const report = await analyzeFeed(content, { defaults: CH, ...options, onOffer: (offer) => void offers.push(offer) });
  return { report, offers };
}

const csvHeader = 'id,title,brand,gtin,mpn,price,link,availability';

describe('analyzeFeed: CSV and TSV', () => {
  it('reads quoted cells with delimiters, quotes and line breaks, and numbers rows by their first line', async () => {
    const csv = `${csvHeader}\n1,"Kettle, steel ""Pro""",Acme,4006381333931,,29.90 CHF,https://s.ch/1,in stock\n2,"Two\nlines",Acme,,K-2,"1,299.00",https://s.ch/2,out of stock\n3,Toaster,Acme,,T-3,49.00,https://s.ch/3,\n`;
    const { report, offers } = await analyze(csv);
    expect(report).toMatchObject({ format: 'csv', delimiter: ',', rows: 3, valid: 3, rejected: 0, complete: true });
    expect(offers.map((o) => [o.position, o.shopOfferId, o.title, o.price.amountMinor, o.availability])).toEqual([
      [2, '1', 'Kettle, steel "Pro"', 2990, Availability.AVAILABILITY_IN_STOCK],
      [3, '2', 'Two\nlines', 129900, Availability.AVAILABILITY_OUT_OF_STOCK],
      [5, '3', 'Toaster', 4900, Availability.AVAILABILITY_UNKNOWN],
    ]);
    expect(offers[0]?.gtin).toBe('04006381333931');
  });

  it('strips a UTF-8 byte-order mark and reads semicolon files with decimal commas', async () => {
    const csv = `\uFEFFid;title;brand;mpn;price;link\nA1;Föhn;Acme;F-1;1.299,50 €;https://s.de/a\nA2;Bürste;Acme;B-2;12,90;https://s.de/b\nA3;Kamm;Acme;K-3;3.490;https://s.de/c\n`;
    const { report, offers } = await analyze(csv, { defaults: { country: 'DE', currency: 'EUR', language: 'de' } });
    expect(report).toMatchObject({ delimiter: ';', decimalComma: true, valid: 3 });
    expect(offers.map((o) => [o.shopOfferId, o.title, o.price])).toEqual([
      ['A1', 'Föhn', { amountMinor: 129950, currency: 'EUR' }],
      ['A2', 'Bürste', { amountMinor: 1290, currency: 'EUR' }],
      // "3.490" in a decimal-comma feed is three thousand four hundred and ninety.
      ['A3', 'Kamm', { amountMinor: 349000, currency: 'EUR' }],
    ]);
  });

  it('decodes Windows-1252 exports and UTF-16 with a byte-order mark', async () => {
    const text = `id;title;brand;mpn;price;link\n1;Crème brûlée Set;Acme;C-1;19,90;https://s.fr/1\n`;
    const latin = await analyze(Buffer.from(text, 'latin1'));
    expect(latin.report.encoding).toBe('windows-1252');
    expect(latin.offers[0]?.title).toBe('Crème brûlée Set');
    const utf16 = await analyze(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect(utf16.report.encoding).toBe('utf-16le');
    expect(utf16.offers[0]?.title).toBe('Crème brûlée Set');
  });

  it('reads TSV and Google shipping cells, the one for the feed country', async () => {
    const tsv = `id\ttitle\tbrand\tmpn\tprice\tsale_price\tlink\tshipping\n9\tLamp\tAcme\tL-9\t100.00 CHF\t79.00 CHF\thttps://s.ch/9\tDE::Standard:9.00 CHF,CH::Post:7.90 CHF\n`;
    const { report, offers } = await analyze(tsv);
    expect(report.format).toBe('tsv');
    expect(offers[0]).toMatchObject({
      price: { amountMinor: 7900, currency: 'CHF' },
      listPrice: { amountMinor: 10000, currency: 'CHF' },
      shipping: { amountMinor: 790, currency: 'CHF' },
    });
  });

  it("reads idealo's CSV: sku, eans lists, hans, per-carrier delivery costs", async () => {
    const csv = `sku;title;brand;eans;hans;price;url;deliveryTime;deliveryCosts_dhl;deliveryCosts_post;imageUrls\nI-1;Mixer;Acme;123456789123|4006381333931;MX-1;89,00;https://s.de/i1;1-3 Werktage;4,95;3,90;https://s.de/1.jpg|https://s.de/2.jpg\n`;
    const { report, offers } = await analyze(csv, { defaults: { country: 'DE', currency: 'EUR', language: 'de' } });
    expect(report.format).toBe('idealo-csv');
    expect(offers[0]).toMatchObject({
      shopOfferId: 'I-1',
      gtin: '04006381333931',
      mpn: 'MX-1',
      deliveryTime: '1-3 Werktage',
      shipping: { amountMinor: 390, currency: 'EUR' },
    });
    expect(offers[0]?.imageUrls).toEqual(['https://s.de/1.jpg', 'https://s.de/2.jpg']);
    expect(report.warningsByReason).toEqual({ gtin_check_digit: 1 });
  });

  it('rejects rows with the reason and field, and counts each rejected row once per reason', async () => {
    const csv = `${csvHeader}\n,No id,Acme,,M,10.00,https://s.ch/x,\n2,,Acme,,M,10.00,https://s.ch/2,\n3,No code,Acme,123456789123,,10.00,https://s.ch/3,\n4,Free,Acme,,M,0.00,https://s.ch/4,\n5,Bad link,Acme,,M,10.00,ftp://s.ch/5,\n6,Bad price,Acme,,M,ten,https://s.ch/6,\n7,Short row,Acme\n8,Fine,Acme,,M,10.00,https://s.ch/8,sometimes\n8,Again,Acme,,M,11.00,https://s.ch/8b,\n`;
    const { report } = await analyze(csv);
    expect(report).toMatchObject({ rows: 9, valid: 1, rejected: 8 });
    expect(report.rejectedByReason).toEqual({
      required: 3,
      identifier_required: 2,
      price_not_positive: 1,
      url: 1,
      price_format: 1,
      column_count: 1,
      duplicate_id: 1,
    });
    expect(report.rejectedByField).toMatchObject({ id: 2, title: 1, gtin: 2, price: 3, link: 2, row: 1 });
    expect(report.warningsByReason).toEqual({ gtin_check_digit: 1, availability: 1 });
    expect(report.samples[0]).toEqual({
      position: 2,
      shopOfferId: '',
      field: 'id',
      reason: 'required',
      value: '',
      severity: 'error',
    });
    expect(report.samples.find((s) => s.reason === 'duplicate_id')).toMatchObject({ position: 10, shopOfferId: '8' });
  });

  it('compares with the previous set: new, changed, unchanged, removed', async () => {
    const feed = (price: string) =>
      `${csvHeader}\nA,Kettle,Acme,,K,${price},https://s.ch/a,\nB,Toaster,Acme,,T,20.00,https://s.ch/b,\n`;
    const previous = new Map<string, string>();
    await analyzeFeed(`${feed('10.00')}C,Mixer,Acme,,M,30.00,https://s.ch/c,\n`, {
      defaults: CH,
      fingerprints: true,
      onOffer: (offer, fingerprint) => void previous.set(offer.shopOfferId, fingerprint),
    });
    const report = await analyzeFeed(`${feed('12.00')}D,Grill,Acme,,G,40.00,https://s.ch/d,\n`, {
      defaults: CH,
      previous,
    });
    expect(report.offers).toEqual({ new: 1, changed: 1, unchanged: 1, removed: 1 });
    expect(report.removedSample).toEqual(['C']);
  });
});

describe('analyzeFeed: Google Merchant XML', () => {
  it('reads g: attributes, RSS fallbacks, nested shipping, extra namespaces and CDATA', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" ${G} xmlns:s="https://merchants.example/"><channel><title>T</title>
      <item><g:id>X1</g:id><title>Plain title</title><link>https://s.ch/x1</link><g:brand>Acme</g:brand><g:mpn>M1</g:mpn>
        <g:price>1’234.50 CHF</g:price><g:availability>in_stock</g:availability><s:long_description><![CDATA[<b>ignored</b>]]></s:long_description>
        <g:description><![CDATA[Fast & <b>good</b>]]></g:description>
        <g:shipping><g:country>UK</g:country><g:price>5.00 CHF</g:price></g:shipping><g:shipping><g:country>CH</g:country><g:service>Post</g:service><g:price>0.00 CHF</g:price></g:shipping>
        <g:image_link> https://s.ch/1.jpg </g:image_link><g:additional_image_link>https://s.ch/2.jpg</g:additional_image_link><g:additional_image_link/></item>
      <item><g:id>X2</g:id><g:title>G title</g:title><title>not this one</title><g:link>https://s.ch/x2</g:link><g:brand>Acme</g:brand><g:gtin>4006381333931</g:gtin><g:price>5 CHF</g:price><g:condition>refurbished</g:condition></item>
    </channel></rss>`;
    const { report, offers } = await analyze(xml);
    expect(report).toMatchObject({
      format: 'google-merchant-xml',
      rows: 2,
      valid: 2,
      warningsByReason: { country_code: 1 },
      warningsByField: { 'shipping.country': 1 },
    });
    expect(offers[0]).toMatchObject({
      shopOfferId: 'X1',
      title: 'Plain title',
      description: 'Fast & <b>good</b>',
      price: { amountMinor: 123450 },
      shipping: { amountMinor: 0 },
      availability: Availability.AVAILABILITY_IN_STOCK,
    });
    expect(offers[0]?.imageUrls).toEqual(['https://s.ch/1.jpg', 'https://s.ch/2.jpg']);
    expect(offers[1]).toMatchObject({ title: 'G title', position: 2, gtin: '04006381333931' });
  });

  it('reads Atom entries with the link in href', async () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom" ${G}><title>T</title><entry><g:id>A</g:id><title>Atom item</title><link href="https://s.ch/a"/><g:brand>Acme</g:brand><g:mpn>M</g:mpn><g:price>9.90 CHF</g:price></entry></feed>`;
    const { offers } = await analyze(atom);
    expect(offers).toEqual([expect.objectContaining({ shopOfferId: 'A', title: 'Atom item', link: 'https://s.ch/a' })]);
  });

  it('stops at malformed XML with the line, keeping what came before, and reports no removals', async () => {
    const xml = `<rss ${G}><channel>\n<item><g:id>1</g:id><g:title>A</g:title><g:link>https://s.ch/1</g:link><g:brand>B</g:brand><g:mpn>M</g:mpn><g:price>1 CHF</g:price></item>\n<item><g:id>2</g:title></item></channel></rss>`;
    const { report, offers } = await analyze(xml, { previous: new Map([['9', 'x']]) });
    expect(report).toMatchObject({ complete: false, rows: 1, valid: 1, offers: { removed: 0 } });
    expect(report.error?.message).toMatch(/not well-formed/);
    expect(report.error?.line).toBe(3);
    expect(offers).toHaveLength(1);
  });

  it('says what is wrong with content that is no feed, or not the format asked for', async () => {
    const png = await analyze(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]));
    expect(png.report).toMatchObject({ format: null, complete: false, rows: 0 });
    expect(png.report.error?.message).toMatch(/not a product feed/);
    const other = await analyze('<?xml version="1.0"?><catalog><product/></catalog>');
    expect(other.report.error?.message).toMatch(/not a product feed/);
    const wrong = await analyze(`${csvHeader}\n`, { format: 'google-merchant-xml' });
    expect(wrong.report.error?.message).toBe('the content is not Google Merchant XML (it reads as CSV)');
    const empty = await analyze('');
    expect(empty.report.error?.message).toBe('the feed is empty');
  });
});

describe('analyzeFeed: categories', () => {
  const taxonomy = GoogleTaxonomy.fromText(
    '188 - Apparel & Accessories > Jewelry\n3064 - Apparel & Accessories > Clothing Accessories > Gloves & Mittens\n696 - Home & Garden > Decor',
  );

  it('checks ids and paths against the taxonomy and flags categories that do not fit the item', async () => {
    const tsv = [
      'id\ttitle\tbrand\tmpn\tprice\tlink\tgoogle_product_category\tproduct_type',
      'g1\tPolar Glove\tNorth\tG1\t20.00\thttps://s.ch/g1\t188\tApparel > Accessories > Gloves',
      'g2\tPolar Glove\tNorth\tG2\t20.00\thttps://s.ch/g2\t3064\tApparel > Accessories > Gloves',
      'g3\tDecor vase\tNorth\tV3\t20.00\thttps://s.ch/g3\tHome & Garden > Decor\t',
      'g4\tLamp\tNorth\tL4\t20.00\thttps://s.ch/g4\tHome & Garden > Lighting Accessories > Lampshades\t',
      'g5\tLamp\tNorth\tL5\t20.00\thttps://s.ch/g5\t99999\t',
    ].join('\n');
    const { report, offers } = await analyze(tsv, {
      taxonomy,
      defaults: { country: 'CH', currency: 'CHF', language: 'en' },
    });
    expect(report.valid).toBe(5);
    expect(report.warningsByReason).toEqual({ category_mismatch: 1, category_unknown: 2 });
    expect(report.samples.map((s) => [s.shopOfferId, s.reason])).toEqual([
      ['g1', 'category_mismatch'],
      ['g4', 'category_unknown'],
      ['g5', 'category_unknown'],
    ]);
    expect(offers.map((o) => o.googleProductCategoryId)).toEqual([188, 3064, 696, 0, 0]);
    expect(report.taxonomy).toMatch(/^Google product taxonomy \(3 categories/);
  });

  it('checks only the form without a taxonomy, and says so', async () => {
    const { report, offers } = await analyze(
      `id,title,brand,mpn,price,link,google_product_category\n1,A,B,M,1.00,https://s.ch/1,188\n2,A,B,M2,1.00,https://s.ch/2,-5\n`,
    );
    expect(report.taxonomy).toBe('not loaded: google_product_category checked for form only');
    expect(report.warningsByReason).toEqual({ category_format: 1 });
    expect(offers[0]?.googleProductCategoryId).toBe(188);
  });
});
