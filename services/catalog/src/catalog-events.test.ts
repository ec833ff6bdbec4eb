import { join } from 'node:path';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { Events } from '@pc/proto/event-catalog';
import { Outbox } from '@pc/kit/events/outbox';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { AccountDeleted } from '@pc/proto/accounts/events/v1/events';
import { ProductOrigin } from '@pc/proto/catalog/events/v1/events';
import { AddReviewRequest, ListReviewsRequest, MatchMethod } from '@pc/proto/catalog/v1/catalog';
import { ProductStatus } from '@pc/proto/catalog/v1/types';
import { ShopDeleted, ShopDeletionReason } from '@pc/proto/offers/events/v1/events';
import { pino } from 'pino';
import type { BrandRecord } from './domain/brand.js';
import type { ProductRecord } from './domain/product.js';
import type { ReviewRecord } from './domain/review.js';
import { productChangedEvent } from './events/product-events.js';
import type { SyncJournalRecord } from './store/sync-journal-repository.js';
import { newDataDir, offer, removeDataDir, startCatalog, type RunningCatalog } from './test-support/catalog-harness.js';
import { EventRecorder } from './test-support/event-recorder.js';
import { testGtin } from './test-support/gtins.js';
import { editStoredDocument, putStoredDocument } from './test-support/stored-documents.js';

describe('catalog events: published through the outbox, only on change, relayed after a crash', () => {
  let dataDir: string;
  let catalog: RunningCatalog;
  let recorder: EventRecorder;

  beforeAll(async () => {
    dataDir = newDataDir();
    catalog = await startCatalog(dataDir);
    recorder = await EventRecorder.start(dataDir);
  });
  afterAll(async () => {
    await recorder.stop();
    await catalog.stop();
    removeDataDir(dataDir);
  });

  const forKey = (key: string) => recorder.events.filter((event) => event.key === key);

  it('ProductCreated on creation; nothing for a re-observed offer that changes nothing; ProductChanged when it adds something', async () => {
    const request = offer({
      shopId: 'ev-shop',
      shopOfferId: 'sku-1',
      title: 'Garmin Forerunner 265 watch',
      brand: 'Garmin',
      gtin: testGtin(20, 1),
      categoryPath: 'Sports > Watches',
    });
    const { productId } = await catalog.client.matchProduct(request);
    await recorder.waitFor(() => recorder.of(Events.productCreated).some((e) => e.key === productId));
    const [created] = recorder.of(Events.productCreated).filter((e) => e.key === productId);
    expect(created?.producer).toBe('catalog');
    expect(created?.payload).toMatchObject({
      productId,
      origin: ProductOrigin.PRODUCT_ORIGIN_OFFER_MATCH,
      shopId: 'ev-shop',
      shopOfferId: 'sku-1',
      product: {
        id: productId,
        name: 'Garmin Forerunner 265 watch',
        version: 1,
        brand: expect.objectContaining({ slug: 'garmin' }),
        breadcrumbs: [expect.objectContaining({ name: 'Sports' }), expect.objectContaining({ name: 'Watches' })],
      },
      texts: [{ language: 'en', name: 'Garmin Forerunner 265 watch', description: '' }],
    });

    expect((await catalog.client.matchProduct(request)).method).toBe(MatchMethod.MATCH_METHOD_EXISTING_LINK);
    await catalog.client.matchProduct(
      offer({ shopId: 'other', title: 'Forerunner 265', brand: 'Garmin', gtin: testGtin(20, 1) }),
    );
    // This one adds a French name: the only change since creation.
    await catalog.client.matchProduct(
      offer({
        shopId: 'fr-shop',
        language: 'fr',
        title: 'Garmin Forerunner 265 montre',
        brand: 'Garmin',
        gtin: testGtin(20, 1),
      }),
    );
    await recorder.waitFor(() => recorder.of(Events.productChanged).some((e) => e.key === productId));
    // Same key, same partition, so publish order: had the no-ops emitted, they would come first.
    expect(forKey(productId).map((e) => e.topic)).toEqual([Events.productCreated.topic, Events.productChanged.topic]);
    const changed = recorder.of(Events.productChanged).find((e) => e.key === productId)?.payload;
    expect(changed).toMatchObject({ productId, changedFields: ['name'], categoryPathIds: expect.any(Array) });
    expect(changed?.version).toBeGreaterThan(1);
    expect(changed?.version).toBe(changed?.product?.version);
    expect(changed?.categoryPathIds).toEqual(created?.payload.product?.breadcrumbs.map((c) => c.id));
    expect(changed?.texts.map((t) => t.language)).toEqual(['en', 'fr']);
  });

  it('ReviewAdded and ProductChanged (rating) for a review, keyed by the product', async () => {
    const { productId } = await catalog.client.matchProduct(
      offer({ title: 'Garmin Edge 540 bike computer', brand: 'Garmin' }),
    );
    await catalog.client.addReview(
      AddReviewRequest.fromPartial({ productId, actorUserId: 'rider', rating: 4, body: 'Accurate.' }),
    );
    await recorder.waitFor(() => recorder.of(Events.reviewAdded).some((e) => e.key === productId));
    const added = recorder.of(Events.reviewAdded).find((e) => e.key === productId)?.payload;
    expect(added).toMatchObject({
      productId,
      review: { authorUserId: 'rider', rating: 4 },
      rating: { value: 4, count: 1, distribution: [0, 1, 0, 0, 0] },
    });
    await recorder.waitFor(() => forKey(productId).length >= 3);
    expect(forKey(productId).map((e) => e.topic)).toEqual([
      Events.productCreated.topic,
      Events.productChanged.topic,
      Events.reviewAdded.topic,
    ]);
    expect(recorder.of(Events.productChanged).find((e) => e.key === productId)?.payload).toMatchObject({
      changedFields: ['rating'],
      product: { rating: { value: 4, count: 1 } },
    });
  });

  it('drops the links of a deleted shop (offers.shop-deleted.v1), so its offers are matched afresh', async () => {
    const gtin = testGtin(20, 2);
    await catalog.client.matchProduct(offer({ shopId: 'owner', title: 'Shokz OpenRun Pro', brand: 'Shokz', gtin }));
    const linked = offer({ shopId: 'closing-shop', title: 'OpenRun Pro headphones', brand: 'Shokz', gtin });
    expect((await catalog.client.matchProduct(linked)).method).toBe(MatchMethod.MATCH_METHOD_GTIN);
    expect((await catalog.client.matchProduct(linked)).method).toBe(MatchMethod.MATCH_METHOD_EXISTING_LINK);

    const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite') });
    try {
      const deleted = ShopDeleted.fromPartial({
        shopId: 'closing-shop',
        reason: ShopDeletionReason.SHOP_DELETION_REASON_UNSPECIFIED,
        deletedAt: new Date(),
      });
      // Twice: a redelivery finds nothing left to drop.
      await createEventPublisher(bus, 'offers').publishAll([
        { type: Events.shopDeleted, key: 'closing-shop', payload: deleted },
        { type: Events.shopDeleted, key: 'closing-shop', payload: deleted },
      ]);
    } finally {
      await bus.close();
    }
    const deadline = Date.now() + 10_000;
    let method = MatchMethod.MATCH_METHOD_EXISTING_LINK;
    while (method === MatchMethod.MATCH_METHOD_EXISTING_LINK && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      method = (await catalog.client.matchProduct(linked)).method;
    }
    expect(method).toBe(MatchMethod.MATCH_METHOD_GTIN);
  });

  it('keeps a deleted account’s reviews without its name or id (accounts.account-deleted.v1)', async () => {
    const { productId } = await catalog.client.matchProduct(
      offer({ shopId: 'rv-shop', title: 'Jura E8 coffee machine', brand: 'Jura', gtin: testGtin(20, 3) }),
    );
    const review = (actorUserId: string, author: string) =>
      catalog.client.addReview(
        AddReviewRequest.fromPartial({ productId, actorUserId, author, rating: 5, body: 'Great.', language: 'en' }),
      );
    await review('u_leaving', 'Lea Leaving');
    await review('u_staying', 'Sam Staying');
    const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite') });
    try {
      const deleted = AccountDeleted.fromPartial({ userId: 'u_leaving', deletedAt: new Date() });
      await createEventPublisher(bus, 'accounts').publishAll([
        { type: Events.accountDeleted, key: 'u_leaving', payload: deleted },
      ]);
    } finally {
      await bus.close();
    }
    const authors = async () =>
      (
        await catalog.client.listReviews(
          ListReviewsRequest.fromPartial({ productId, page: { page: 1, hitsPerPage: 10 } }),
        )
      ).reviews
        .map((r) => [r.author, r.authorUserId])
        .sort();
    const deadline = Date.now() + 10_000;
    while ((await authors()).some(([author]) => author === 'Lea Leaving') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await authors()).toEqual([
      ['', ''],
      ['Sam Staying', 'u_staying'],
    ]);
    expect((await catalog.client.listOwnReviews({ actorUserId: 'u_leaving', page: undefined })).reviews).toEqual([]);
  });

  it("publishes after a restart what a crash left in a product's outbox, and redoes interrupted derived work", async () => {
    const { productId } = await catalog.client.matchProduct(
      offer({ title: 'Suunto Race S watch', brand: 'Suunto', categoryPath: 'Sports > Watches' }),
    );
    const brandId = (await catalog.client.getProduct({ productId, language: 'en' })).product?.brand?.id ?? '';
    await catalog.stop();

    // Crash 1: a write staged its event and died before publishing it.
    const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite') });
    const outbox = new Outbox(bus, 'catalog', pino({ level: 'silent' }));
    await editStoredDocument<ProductRecord>(dataDir, 'products', productId, (product) => {
      const next = { ...product, status: 'active' as const, updatedAt: new Date().toISOString() };
      return {
        ...next,
        ...outbox.stage(product, [
          productChangedEvent(next, product._version + 1, { brand: undefined, categoryPath: [] }, ['status']),
        ]),
      };
    });
    await bus.close();
    // Crash 2: a review was written but the process died before the rating and counts followed.
    const now = new Date().toISOString();
    const lost: ReviewRecord = {
      _id: 'lost-review',
      productId,
      author: 'Cleo',
      authorUserId: 'u-crash',
      rating: 2,
      title: '',
      body: 'Strap broke.',
      language: 'en',
      sourceDomain: '',
      sourceReviewId: '',
      sourceUrl: '',
      publishedAt: now,
      createdAt: now,
    };
    await putStoredDocument(dataDir, 'reviews', lost);
    await editStoredDocument<BrandRecord>(dataDir, 'brands', brandId, (brand) => ({ ...brand, productsCount: 99 }));
    const crashedAt = new Date(Date.now() - 60_000).toISOString();
    const journal: SyncJournalRecord = {
      _id: 'crashed-run',
      productIds: [productId],
      brandIds: [brandId],
      categoryIds: [],
      ratingProductIds: [productId],
      addedReviewIds: ['lost-review'],
      createdAt: crashedAt,
    };
    await putStoredDocument(dataDir, 'sync_journal', journal);

    catalog = await startCatalog(dataDir);
    await recorder.waitFor(
      () =>
        recorder.of(Events.reviewAdded).some((e) => e.key === productId) &&
        recorder.of(Events.productChanged).filter((e) => e.key === productId).length >= 2,
    );
    const changes = recorder
      .of(Events.productChanged)
      .filter((e) => e.key === productId)
      .map((e) => e.payload);
    expect(changes.map((c) => c.changedFields)).toEqual([['status'], ['rating']]);
    expect(changes[0]?.product?.status).toBe(ProductStatus.PRODUCT_STATUS_ACTIVE);
    const { product } = await catalog.client.getProduct({ productId, language: 'en' });
    expect(product?.rating).toEqual({ value: 2, count: 1, distribution: [0, 0, 0, 1, 0] });
    expect(product?.brand?.productsCount).toBe(1);
  });
});
