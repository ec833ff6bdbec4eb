import { status as GrpcStatus } from '@grpc/grpc-js';
import { MatchMethod } from '@pc/proto/catalog/v1/catalog';
import { newDataDir, offer, removeDataDir, startCatalog, type RunningCatalog } from './test-support/catalog-harness.js';
import { testGtin } from './test-support/gtins.js';
import { storeOperationsDuring } from '@pc/kit/testing/store-operations';

describe('MatchProduct / MatchProducts over gRPC (embedded store)', () => {
  let dataDir: string;
  let catalog: RunningCatalog;

  beforeAll(async () => {
    dataDir = newDataDir();
    catalog = await startCatalog(dataDir);
  });

  afterAll(async () => {
    await catalog.stop();
    removeDataDir(dataDir);
  });

  it('creates a product from an offer that matches nothing, with its brand', async () => {
    const gtin = testGtin(0, 1);
    const created = await catalog.client.matchProduct(
      offer({ title: 'Nikon Z6 III mirrorless camera body', brand: 'Nikon', gtin, mpn: 'VOA120AE' }),
    );
    expect(created).toMatchObject({
      method: MatchMethod.MATCH_METHOD_CREATED,
      created: true,
      confidence: 1,
      normalizedGtin: `0${gtin}`,
    });
    expect(created.productId).toMatch(/^[0-9a-z]{12}$/);
    const { product } = await catalog.client.getProduct({ productId: created.productId, language: 'en' });
    expect(product).toMatchObject({
      name: 'Nikon Z6 III mirrorless camera body',
      slug: 'nikon-z6-iii-mirrorless-camera-body',
      brand: { slug: 'nikon', name: 'Nikon', productsCount: 1 },
      gtins: [`0${gtin}`],
      displayGtin: gtin,
      mpn: 'VOA120AE',
      version: expect.any(Number),
    });
  });

  it('matches one GTIN however it is written: UPC-A, EAN-13, GTIN-14, spaces and dashes', async () => {
    const created = await catalog.client.matchProduct(
      offer({ shopId: 'upc-shop', title: 'Coca-Cola Classic 12 oz can', gtin: '036000291452' }),
    );
    expect(created.method).toBe(MatchMethod.MATCH_METHOD_CREATED);
    for (const written of ['0036000291452', '00036000291452', '036000-291452', ' 0 36000 29145 2 ']) {
      const match = await catalog.client.matchProduct(
        offer({ shopId: `shop-${written}`, title: 'Cola', gtin: written }),
      );
      expect(match).toMatchObject({
        productId: created.productId,
        method: MatchMethod.MATCH_METHOD_GTIN,
        confidence: 1,
        created: false,
        normalizedGtin: '00036000291452',
      });
    }
    const ean8 = await catalog.client.matchProduct(offer({ title: 'Pencil HB 12-pack', gtin: '96385074' }));
    const ean8Again = await catalog.client.matchProduct(
      offer({ shopId: 's2', title: 'HB pencils', gtin: '00000096385074' }),
    );
    expect(ean8Again).toMatchObject({ productId: ean8.productId, method: MatchMethod.MATCH_METHOD_GTIN });
  });

  it('ignores a GTIN with a wrong check digit instead of matching on it', async () => {
    const first = await catalog.client.matchProduct(
      offer({ title: 'Leitz 1080 lever arch file', gtin: testGtin(1, 1) }),
    );
    const wrongDigit = testGtin(1, 1).slice(0, -1) + String((Number(testGtin(1, 1).slice(-1)) + 1) % 10);
    const second = await catalog.client.matchProduct(
      offer({ shopId: 's2', title: 'Tefal Ingenio frying pan 28 cm', gtin: wrongDigit }),
    );
    expect(second).toMatchObject({ method: MatchMethod.MATCH_METHOD_CREATED, normalizedGtin: '' });
    expect(second.productId).not.toBe(first.productId);
  });

  it('matches brand + MPN across spellings of both', async () => {
    const created = await catalog.client.matchProduct(
      offer({ title: 'HP 503A toner cartridge cyan', brand: 'Hewlett-Packard Inc.', mpn: 'Q7581A' }),
    );
    const match = await catalog.client.matchProduct(
      offer({ shopId: 's2', title: 'Original Laser Toner', brand: 'hewlett packard', mpn: 'q7581-a' }),
    );
    expect(match).toMatchObject({
      productId: created.productId,
      method: MatchMethod.MATCH_METHOD_BRAND_MPN,
      created: false,
    });
    expect(match.confidence).toBeGreaterThan(0.9);
  });

  it('falls back to the title within the brand, and not across brands', async () => {
    const created = await catalog.client.matchProduct(
      offer({ title: 'Sony DAV-IS50/B home theater system', brand: 'Sony' }),
    );
    const match = await catalog.client.matchProduct(
      offer({ shopId: 's2', title: 'Sony Bravia micro system DAVIS50B', brand: 'Sony' }),
    );
    expect(match).toMatchObject({
      productId: created.productId,
      method: MatchMethod.MATCH_METHOD_TITLE,
      created: false,
    });
    expect(match.confidence).toBeGreaterThan(0.5);
    expect(match.confidence).toBeLessThan(1);
    const otherBrand = await catalog.client.matchProduct(
      offer({ shopId: 's3', title: 'Sony DAV-IS50/B home theater system', brand: 'Panasonic' }),
    );
    expect(otherBrand).toMatchObject({ method: MatchMethod.MATCH_METHOD_CREATED });
    // A variant the title tells apart (other storage) is another product.
    const s24 = await catalog.client.matchProduct(
      offer({ title: 'Samsung Galaxy S24 Ultra 256 GB Titanium Black', brand: 'Samsung' }),
    );
    const s24Large = await catalog.client.matchProduct(
      offer({ shopId: 's2', title: 'Galaxy S24 Ultra 512GB titanium black', brand: 'Samsung' }),
    );
    expect(s24Large.productId).not.toBe(s24.productId);
  });

  it('creates nothing when create_if_missing is false', async () => {
    const none = await catalog.client.matchProduct(offer({ title: 'Unheard-of gadget 3000', createIfMissing: false }));
    expect(none).toMatchObject({ productId: '', method: MatchMethod.MATCH_METHOD_UNSPECIFIED, created: false });
    const later = await catalog.client.matchProduct(offer({ title: 'Unheard-of gadget 3000', createIfMissing: false }));
    expect(later.method).toBe(MatchMethod.MATCH_METHOD_UNSPECIFIED);
  });

  it('answers an offer it linked before with the same product (EXISTING_LINK), even when its data changed', async () => {
    const request = offer({
      shopId: 'relink',
      title: 'Lego Technic 42115 Lamborghini Sian',
      brand: 'LEGO',
      gtin: testGtin(2, 1),
    });
    const first = await catalog.client.matchProduct(request);
    const again = await catalog.client.matchProduct(request);
    expect(again).toMatchObject({
      productId: first.productId,
      method: MatchMethod.MATCH_METHOD_EXISTING_LINK,
      confidence: 1,
      created: false,
    });
    const retitled = await catalog.client.matchProduct({ ...request, title: 'Something else entirely', gtin: '' });
    expect(retitled).toMatchObject({ productId: first.productId, method: MatchMethod.MATCH_METHOD_EXISTING_LINK });
    const { products } = await catalog.client.findProductsByGtin({ gtin: testGtin(2, 1), language: '' });
    expect(products).toHaveLength(1);
  });

  it('creates one product when parallel calls race for one new GTIN', async () => {
    const gtin = testGtin(3, 1);
    const racers = Array.from({ length: 8 }, (_, i) =>
      catalog.client.matchProduct(
        offer({ shopId: `racer-${i}`, title: `Racing widget edition ${i}`, brand: 'Racecorp', gtin }),
      ),
    );
    const results = await Promise.all(racers);
    expect(new Set(results.map((r) => r.productId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results.filter((r) => r.method === MatchMethod.MATCH_METHOD_GTIN)).toHaveLength(7);
    const { products } = await catalog.client.findProductsByGtin({ gtin, language: '' });
    expect(products.map((p) => p.id)).toEqual([results[0]?.productId]);
    expect(products[0]?.brand?.productsCount).toBe(1);
  });

  it('keeps one product per GTIN when two batches with the same new GTINs run at once', async () => {
    const batchFor = (shopId: string) => ({
      items: Array.from({ length: 40 }, (_, i) =>
        offer({
          shopId,
          shopOfferId: `twin-${i}`,
          title: `Twin gadget ${i} by ${shopId}`,
          brand: 'Twincorp',
          gtin: testGtin(7, i),
        }),
      ),
    });
    const [a, b] = await Promise.all([
      catalog.client.matchProducts(batchFor('left')),
      catalog.client.matchProducts(batchFor('right')),
    ]);
    const idsA = a.results.map((r) => r.match?.productId);
    expect(b.results.map((r) => r.match?.productId)).toEqual(idsA);
    expect(new Set(idsA).size).toBe(40);
    const created = [...a.results, ...b.results].filter((r) => r.match?.created);
    expect(created).toHaveLength(40);
    const { brand } = await catalog.client.getBrand({ slug: 'twincorp', brandId: '', language: '' });
    expect(brand?.productsCount).toBe(40);
  });

  it('matches a batch in order: two items of one new product create it once; bad items answer their own reason', async () => {
    const gtin = testGtin(4, 1);
    const { results } = await catalog.client.matchProducts({
      items: [
        offer({ shopId: 'batch-a', title: 'Kärcher K5 pressure washer', brand: 'Kärcher', gtin }),
        offer({ shopId: '', title: 'No shop' }),
        offer({
          shopId: 'batch-b',
          title: 'Karcher K 5 Hochdruckreiniger',
          brand: 'Karcher',
          gtin: `${gtin.slice(0, 4)} ${gtin.slice(4)}`,
          language: 'de',
        }),
        offer({ title: '', gtin: '123', mpn: 'n/a' }),
        offer({ shopId: 'batch-c', title: 'Kärcher K5 Premium Smart Control', brand: 'Kärcher', mpn: '1.324-670.0' }),
      ],
    });
    expect(results.map((r) => r.errorReason)).toEqual([
      '',
      'shop_id_required',
      '',
      'title_or_gtin_or_mpn_required',
      '',
    ]);
    expect(results[0]?.match).toMatchObject({ method: MatchMethod.MATCH_METHOD_CREATED, created: true });
    expect(results[2]?.match).toMatchObject({
      productId: results[0]?.match?.productId,
      method: MatchMethod.MATCH_METHOD_GTIN,
    });
    expect(results[4]?.match?.productId).not.toBe(results[0]?.match?.productId);
    expect(results[1]?.match).toBeUndefined();
  });

  it('rejects bad input with field violations and changes nothing', async () => {
    const before = await catalog.client.listProducts({
      brandSlug: '',
      categoryId: '',
      includeDescendants: false,
      includeInactive: true,
      order: 0,
      page: undefined,
      language: '',
    });
    await expect(catalog.client.matchProduct(offer({ title: '', gtin: '', mpn: '' }))).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field: 'title', rule: 'required_without_all' })],
    });
    await expect(
      catalog.client.matchProduct(offer({ shopOfferId: '', title: 'x'.repeat(1001), language: 'english' })),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: expect.arrayContaining([
        expect.objectContaining({ field: 'shop_offer_id' }),
        expect.objectContaining({ field: 'title', rule: 'max' }),
        expect.objectContaining({ field: 'language' }),
      ]),
    });
    await expect(
      catalog.client.matchProducts({ items: Array.from({ length: 501 }, () => offer({ title: 'x' })) }),
    ).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
    const after = await catalog.client.listProducts({
      brandSlug: '',
      categoryId: '',
      includeDescendants: false,
      includeInactive: true,
      order: 0,
      page: undefined,
      language: '',
    });
    expect(after.page?.total).toBe(before.page?.total);
  });

  it('fills what a product lacks from later offers: a translation, a description, images, a GTIN, another GTIN', async () => {
    const request = offer({ title: 'Philips Hue White Ambiance E27 bulb', brand: 'Philips', mpn: '929002468401' });
    const created = await catalog.client.matchProduct(request);
    const [gtin, otherGtin] = [testGtin(5, 1), testGtin(5, 2)];
    const german = await catalog.client.matchProduct(
      offer({
        shopId: 'de-shop',
        language: 'de',
        title: 'Philips Hue White Ambiance E27 Leuchtmittel',
        description: 'Warmweisses bis kaltweisses Licht.',
        brand: 'Philips',
        mpn: '9290-0246-8401',
        gtin,
        imageUrls: ['https://img.example/hue-e27.jpg', 'relative/not-shown.jpg'],
      }),
    );
    expect(german).toMatchObject({ productId: created.productId, method: MatchMethod.MATCH_METHOD_BRAND_MPN });
    // The first shop's feed now lists a second barcode (another packaging): its link vouches for it.
    const relinked = await catalog.client.matchProduct({ ...request, gtin: otherGtin });
    expect(relinked).toMatchObject({ productId: created.productId, method: MatchMethod.MATCH_METHOD_EXISTING_LINK });

    const { product: de } = await catalog.client.getProduct({ productId: created.productId, language: 'de' });
    expect(de).toMatchObject({
      name: 'Philips Hue White Ambiance E27 Leuchtmittel',
      language: 'de',
      description: 'Warmweisses bis kaltweisses Licht.',
      mpn: '929002468401',
      displayGtin: gtin,
    });
    expect(de?.images.map((image) => image.src)).toEqual(['https://img.example/hue-e27.jpg']);
    expect(de?.gtins).toEqual([`0${gtin}`, `0${otherGtin}`]);
    const { product: en } = await catalog.client.getProduct({ productId: created.productId, language: 'en' });
    expect(en).toMatchObject({ name: 'Philips Hue White Ambiance E27 bulb', language: 'en', description: '' });
    const byNewGtin = await catalog.client.findProductsByGtin({ gtin: otherGtin, language: 'en' });
    expect(byNewGtin.products.map((p) => p.id)).toEqual([created.productId]);
    // A different barcode without a link is another trade item: it does not join the product.
    const stranger = await catalog.client.matchProduct(
      offer({
        shopId: 'x-shop',
        title: 'Hue E27 White Ambiance',
        brand: 'Philips',
        mpn: '929002468401',
        gtin: testGtin(5, 3),
      }),
    );
    expect(stranger.productId).not.toBe(created.productId);
  });

  it('matches 500 new offers with batched reads and writes, and re-observes them by reading links only', async () => {
    // Its speed is bench:core's. What keeps it fast: a batch is read and written in one go, not
    // offer by offer, and the title search per offer does not grow with the batch.
    const items = Array.from({ length: 500 }, (_, i) =>
      offer({
        shopId: 'bulk',
        title: `Bulk widget model BW${1000 + i} blue`,
        brand: `Bulkmaker ${i % 25}`,
        gtin: testGtin(6, i),
        categoryPath: `Bulk > Group ${i % 10}`,
      }),
    );
    let results: Awaited<ReturnType<typeof catalog.client.matchProducts>>['results'] = [];
    const creating = await storeOperationsDuring(
      async () => ({ results } = await catalog.client.matchProducts({ items })),
    );
    expect(results.every((r) => r.match?.method === MatchMethod.MATCH_METHOD_CREATED)).toBe(true);
    expect(creating.get('offer_links.getMany')).toBe(1);
    expect(creating.get('offer_links.bulkPut')).toBe(1);
    expect(creating.get('gtin_claims.find')).toBe(1);
    expect(creating.get('gtin_claims.bulkPut')).toBe(1);
    expect(creating.get('title_keys.bulkPut')).toBe(1);
    expect(creating.get('title_keys.findIds') ?? 0).toBeLessThanOrEqual(3 * items.length);

    const relinking = await storeOperationsDuring(
      async () => ({ results } = await catalog.client.matchProducts({ items })),
    );
    expect(results.every((r) => r.match?.method === MatchMethod.MATCH_METHOD_EXISTING_LINK)).toBe(true);
    expect(relinking.get('offer_links.getMany')).toBe(1);
    const matchingWrites = [...relinking.keys()].filter((key) =>
      /^(products|offer_links|gtin_claims|title_keys)\.(put|bulkPut|update|delete)/.test(key),
    );
    expect(matchingWrites).toEqual([]);
    expect(relinking.get('title_keys.findIds')).toBeUndefined();
  });
});
