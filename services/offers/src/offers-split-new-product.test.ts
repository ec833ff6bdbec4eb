import { status as GrpcStatus } from '@grpc/grpc-js';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { GetPriceHistoryRequest, ListOffersRequest, SplitOffersRequest } from '@pc/proto/offers/v1/offers';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { createServiceClient } from '@pc/kit/grpc/client';
import { offerIdOf } from './domain/offer-record.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop, HEADPHONES, observation } from './test-support/observations.js';

/**
 * A split to a product catalog creates for it, with the picked GTIN (ADR 065): the offer moves with
 * its price history to the new product, which carries the GTIN, so a new offer of that GTIN
 * matches it; an unpicked offer of the GTIN stays. staff:shopping only; catalog's refusals reach
 * the caller naming the field, and nothing moves.
 */
describe('offers split to a new product (app.ts over gRPC, with catalog)', () => {
  let h: OffersHarness;
  let audit: ReturnType<typeof createServiceClient<typeof AuditServiceService>>;
  let shopper = '';
  let crawlerStaff = '';
  let alpha = '';
  let beta = '';
  let productId = '';
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (error: unknown) => error as { code?: number; violations?: { field: string }[] },
    );
  const listed = async (product: string) =>
    (await h.offers.listOffers(ListOffersRequest.fromPartial({ productId: product, country: 'CH' }))).offers.map(
      (offer) => offer.id,
    );
  const NEW_PRODUCT = {
    texts: [{ language: 'en', name: 'Sony WH-1000XM5 Midnight Blue', description: '' }],
    brandId: '',
    categoryId: '',
  };
  const split = (fields: Partial<SplitOffersRequest>) =>
    h.offers.splitOffers(
      SplitOffersRequest.fromPartial({
        actorUserId: shopper,
        productId,
        offerIds: [offerIdOf(beta, 'B-1')],
        newProduct: NEW_PRODUCT,
        gtins: [HEADPHONES.gtin],
        reason: 'The blue one is its own model',
        ...fields,
      }),
    );

  beforeAll(async () => {
    h = await OffersHarness.start();
    audit = createServiceClient(AuditServiceService, h.address, { deadlineMs: 20_000 });
    const admin = await h.adminId();
    shopper = await h.staffUser('splitter@offers.test', AdminPanel.ADMIN_PANEL_SHOPPING);
    crawlerStaff = await h.staffUser('crawling@offers.test', AdminPanel.ADMIN_PANEL_CRAWLER);
    alpha = (await h.offers.registerShop(directoryShop('Alpha Electronics', 'alpha.ch', ['CH'], admin))).shop?.id ?? '';
    beta = (await h.offers.registerShop(directoryShop('Beta Sound', 'beta.ch', ['CH'], admin))).shop?.id ?? '';
    await h.observe(observation(alpha, 'A-1', HEADPHONES, 33_900), observation(beta, 'B-1', HEADPHONES, 32_900));
    await h.observe(observation(beta, 'B-1', HEADPHONES, 31_900));
    await eventually(() =>
      h.events.offerChanged.some(
        (event) => event.offerId === offerIdOf(beta, 'B-1') && event.offer?.price?.amountMinor === 31_900,
      ),
    );
    productId = h.events.offerChanged[0]?.offer?.productId ?? '';
    await eventually(async () => (await listed(productId)).length === 2);
  }, 60_000);
  afterAll(() => h.stop());

  it("refuses another panel's role and bad input naming the field; nothing moves", async () => {
    expect(await failure(split({ actorUserId: crawlerStaff }))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    const refusals: [Partial<SplitOffersRequest>, string][] = [
      [{ gtins: ['4006381333931'] }, 'gtins[0]'],
      [
        { newProduct: { ...NEW_PRODUCT, texts: [{ language: 'de', name: 'Blau', description: '' }] } },
        'new_product.texts',
      ],
      [{ newProduct: { ...NEW_PRODUCT, brandId: 'nope' } }, 'new_product.brand_id'],
      [{ targetProductId: productId }, 'target_product_id'],
      [{ newProduct: undefined }, 'target_product_id'],
    ];
    for (const [fields, field] of refusals) {
      const refused = await failure(split(fields));
      expect(refused).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
      expect(refused?.violations?.map((v) => v.field)).toContain(field);
    }
    expect((await listed(productId)).sort()).toEqual([offerIdOf(alpha, 'A-1'), offerIdOf(beta, 'B-1')].sort());
    const product = (await h.catalog.getProduct({ productId, language: 'en' })).product;
    expect(product?.gtins).toEqual([HEADPHONES.gtin]);
  });

  it('moves the offer with its history to the new product, which carries the GTIN', async () => {
    const answer = await split({});
    const created = answer.targetProductId;
    expect(created).not.toBe(productId);
    expect(answer.offers.map((offer) => offer.offer?.productId)).toEqual([created]);
    const product = (await h.catalog.getProduct({ productId: created, language: 'en' })).product;
    expect(product).toMatchObject({ name: 'Sony WH-1000XM5 Midnight Blue', gtins: [HEADPHONES.gtin] });
    expect(product?.brand?.name).toBe('Sony');
    expect((await h.catalog.getProduct({ productId, language: 'en' })).product?.gtins).toEqual([]);

    expect(await listed(created)).toEqual([offerIdOf(beta, 'B-1')]);
    expect(await listed(productId)).toEqual([offerIdOf(alpha, 'A-1')]);
    const history = await h.offers.getPriceHistory(
      GetPriceHistoryRequest.fromPartial({ productId: created, country: 'CH', includeOffers: true }),
    );
    expect(
      history.offers.find((offer) => offer.offerId === offerIdOf(beta, 'B-1'))?.points.map((p) => p.price?.amountMinor),
    ).toEqual([32_900, 31_900]);

    // A new shop's offer of the moved GTIN matches the new product; the unpicked one stays.
    await h.observe(observation(alpha, 'A-9', HEADPHONES, 30_000), observation(alpha, 'A-1', HEADPHONES, 33_000));
    const newcomer = await eventually(() =>
      h.events.offerChanged.find((event) => event.offerId === offerIdOf(alpha, 'A-9') && event.offer?.productId),
    );
    expect(newcomer.offer?.productId).toBe(created);
    await eventually(() =>
      h.events.offerChanged.some(
        (event) => event.offerId === offerIdOf(alpha, 'A-1') && event.offer?.price?.amountMinor === 33_000,
      ),
    );
    expect(await listed(productId)).toEqual([offerIdOf(alpha, 'A-1')]);

    const { entries } = await audit.listAuditEntries({
      actorUserId: shopper,
      panel: 'shopping',
      entityType: 'product',
      entityId: productId,
      byUserId: '',
      action: 'offer.split',
      page: undefined,
    });
    expect(JSON.parse(entries[0]?.afterJson ?? '{}')).toMatchObject({
      targetProductId: created,
      reason: 'The blue one is its own model',
    });
  });
});
