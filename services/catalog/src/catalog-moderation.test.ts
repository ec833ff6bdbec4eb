import { status as GrpcStatus } from '@grpc/grpc-js';
import { AccountsStaffServiceService } from '@pc/proto/accounts/v1/staff';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { AddReviewRequest, MatchMethod } from '@pc/proto/catalog/v1/catalog';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { createServiceClient } from '@pc/kit/grpc/client';
import { offer } from './test-support/catalog-harness.js';
import { CatalogAdminHarness, EMBEDDED_STORE, failure } from './test-support/admin-harness.js';
import { testGtin } from './test-support/gtins.js';

/**
 * The shopping panel's moderation in catalog (ADR 060): possible duplicates with the matcher's
 * evidence, a pair compared with what a merge moves, a wrong match vetoed so matching never
 * answers that product for that offer again, the review queue across products. staff:shopping
 * only; bad input changes nothing; the veto and a moderated deletion are audited.
 */
describe('catalog moderation: duplicates with evidence, match vetoes, the review queue', () => {
  let h: CatalogAdminHarness;
  let audit: ReturnType<typeof createServiceClient<typeof AuditServiceService>>;
  let shopper = '';
  let crawlerStaff = '';
  let original = '';
  let duplicate = '';
  const TITLE = 'Sage Barista Express BES875 espresso machine brushed steel';

  const auditEntries = (action: string) =>
    audit.listAuditEntries({
      actorUserId: shopper,
      panel: 'shopping',
      entityType: '',
      entityId: '',
      byUserId: '',
      action,
      page: undefined,
    });

  beforeAll(async () => {
    h = await CatalogAdminHarness.start(EMBEDDED_STORE);
    audit = createServiceClient(AuditServiceService, h.catalog.address, { deadlineMs: 20_000 });
    const roles = createServiceClient(AccountsStaffServiceService, h.accounts.address, { deadlineMs: 20_000 });
    const staffUser = async (email: string, panel: AdminPanel) => {
      const id = (await h.accounts.register({ email })).user?.id ?? '';
      await roles.grantStaffRole({ actorUserId: h.adminId, userId: id, panel });
      return id;
    };
    shopper = await staffUser('moderator@catalog.test', AdminPanel.ADMIN_PANEL_SHOPPING);
    crawlerStaff = await staffUser('crawling@catalog.test', AdminPanel.ADMIN_PANEL_CRAWLER);
    original = await h.product({ shopId: 'shop-a', shopOfferId: 'a1', title: TITLE, brand: 'Sage' });
    // Another spelling of the brand: matching stays within an offer's brand, so the same machine
    // became a product of its own — the duplicate staff merge.
    duplicate = await h.product({ shopId: 'shop-b', shopOfferId: 'b1', title: TITLE, brand: 'Sage Appliances' });
  });
  afterAll(() => h.stop());

  it('finds the duplicate by its title keys and explains the pair with the match model', async () => {
    expect(duplicate).not.toBe(original);
    const { candidates } = await h.client.listDuplicateCandidates({
      actorUserId: shopper,
      productId: original,
      limit: 0,
      language: 'en',
    });
    const found = candidates.find((candidate) => candidate.product?.id === duplicate);
    expect(found?.evidence).toMatchObject({ rule: 'title', foundBy: ['title_key'] });
    expect(found?.evidence?.confidence).toBeGreaterThan(0);
    expect(found?.evidence?.threshold).toBeGreaterThan(0);
    expect(found?.evidence?.features.length).toBeGreaterThan(0);
    expect(found?.evidence?.features.map((feature) => feature.name)).toContain('ruleScore');
    expect(candidates.some((candidate) => candidate.product?.id === original)).toBe(false);
  });

  it('compares a typed-in pair and tells what a merge would move', async () => {
    await h.client.addReview(
      AddReviewRequest.fromPartial({
        productId: duplicate,
        sourceDomain: 'reviews.example',
        sourceReviewId: 'r-compare',
        rating: 4,
        body: 'Good crema.',
        language: 'en',
      }),
    );
    const answer = await h.client.compareProducts({
      actorUserId: shopper,
      productId: original,
      otherProductId: duplicate,
      language: 'en',
    });
    expect(answer.product?.id).toBe(original);
    expect(answer.other?.id).toBe(duplicate);
    expect(answer.evidence).toMatchObject({ rule: 'title', foundBy: ['typed'] });
    expect(answer.moves).toMatchObject({ gtins: [], offerLinks: 1, reviews: 1 });

    const gtinA = testGtin(60, 1);
    const withGtin = await h.product({ shopId: 'shop-c', title: 'Bosch drill PSB 1800', brand: 'Bosch', gtin: gtinA });
    const sameGtin = await h.client.compareProducts({
      actorUserId: shopper,
      productId: withGtin,
      otherProductId: original,
      language: 'en',
    });
    expect(sameGtin.evidence?.sameProduct).toBe(false);
  });

  it("refuses another panel's role and bad input, changing nothing", async () => {
    for (const call of [
      () =>
        h.client.listDuplicateCandidates({ actorUserId: crawlerStaff, productId: original, limit: 0, language: '' }),
      () =>
        h.client.compareProducts({
          actorUserId: crawlerStaff,
          productId: original,
          otherProductId: duplicate,
          language: '',
        }),
      () =>
        h.client.vetoOfferMatch({
          actorUserId: crawlerStaff,
          shopId: 'shop-b',
          shopOfferId: 'b1',
          productId: duplicate,
          reason: 'x',
        }),
      () =>
        h.client.listReviewQueue({
          actorUserId: crawlerStaff,
          productId: '',
          language: '',
          rating: 0,
          page: undefined,
        }),
      () => h.client.listOfferLinks({ actorUserId: crawlerStaff, productId: original }),
    ]) {
      expect(await failure(call())).toMatchObject({
        code: GrpcStatus.PERMISSION_DENIED,
        reason: 'STAFF_ROLE_REQUIRED',
      });
    }
    expect(
      await failure(
        h.client.compareProducts({ actorUserId: shopper, productId: original, otherProductId: original, language: '' }),
      ),
    ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect(
      await failure(
        h.client.vetoOfferMatch({
          actorUserId: shopper,
          shopId: 'shop-b',
          shopOfferId: 'b1',
          productId: duplicate,
          reason: 'x'.repeat(501),
        }),
      ),
    ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect(
      await failure(
        h.client.listDuplicateCandidates({ actorUserId: shopper, productId: original, limit: 51, language: '' }),
      ),
    ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    // The link was not touched: the offer still answers its product.
    const again = await h.client.matchProduct(
      offer({ shopId: 'shop-b', shopOfferId: 'b1', title: TITLE, brand: 'Sage Appliances' }),
    );
    expect(again).toMatchObject({ productId: duplicate, method: MatchMethod.MATCH_METHOD_EXISTING_LINK });
    expect((await auditEntries('offer-match.veto')).entries).toEqual([]);
  });

  it('lists how each offer of a product was matched', async () => {
    const { links } = await h.client.listOfferLinks({ actorUserId: shopper, productId: original });
    expect(links).toEqual([expect.objectContaining({ shopId: 'shop-a', shopOfferId: 'a1', method: 'created' })]);
  });

  it('never matches a vetoed pair again: the GTIN no longer decides, the offer is matched anew', async () => {
    const gtin = testGtin(60, 2);
    const owner = await h.product({
      shopId: 'shop-g',
      shopOfferId: 'g1',
      title: 'Victorinox Huntsman knife red',
      brand: 'Victorinox',
      gtin,
    });
    const wrong = offer({
      shopId: 'shop-h',
      shopOfferId: 'h1',
      title: 'Victorinox Huntsman knife red',
      brand: 'Victorinox',
      gtin,
    });
    expect((await h.client.matchProduct(wrong)).productId).toBe(owner);

    const { vetoedProductIds } = await h.client.vetoOfferMatch({
      actorUserId: shopper,
      shopId: 'shop-h',
      shopOfferId: 'h1',
      productId: owner,
      reason: 'A knock-off with a borrowed barcode',
    });
    expect(vetoedProductIds).toEqual([owner]);
    const anew = await h.client.matchProduct(wrong);
    expect(anew.productId).not.toBe(owner);
    expect(anew.productId).not.toBe('');
    // The new match is remembered, and the veto with it.
    expect(await h.client.matchProduct(wrong)).toMatchObject({
      productId: anew.productId,
      method: MatchMethod.MATCH_METHOD_EXISTING_LINK,
    });
    const { links } = await h.client.listOfferLinks({ actorUserId: shopper, productId: owner });
    expect(links.map((link) => link.shopOfferId)).toEqual(['g1']);

    const [entry] = (await auditEntries('offer-match.veto')).entries;
    expect(entry).toMatchObject({ actorUserId: shopper, entityType: 'offer_link', entityId: 'shop-h/h1' });
    expect(entry?.afterJson).toContain('A knock-off with a borrowed barcode');
  });

  it('pages the review queue across products, newest first, filtered; a moderated deletion keeps its reason', async () => {
    const add = (productId: string, id: string, rating: number, language: string, day: number) =>
      h.client.addReview(
        AddReviewRequest.fromPartial({
          productId,
          sourceDomain: 'queue.example',
          sourceReviewId: id,
          rating,
          body: `Review ${id}`,
          language,
          publishedAt: new Date(Date.UTC(2026, 0, day)),
        }),
      );
    await add(original, 'q1', 1, 'en', 3);
    await add(duplicate, 'q2', 5, 'de', 5);
    await add(original, 'q3', 1, 'de', 4);
    const queue = (fields: { productId?: string; language?: string; rating?: number; page?: number }) =>
      h.client.listReviewQueue({
        actorUserId: shopper,
        productId: fields.productId ?? '',
        language: fields.language ?? '',
        rating: fields.rating ?? 0,
        page: { page: fields.page ?? 1, hitsPerPage: 2 },
      });
    const first = await queue({});
    expect(first.page?.total).toBeGreaterThanOrEqual(4);
    const bodies = (answer: Awaited<ReturnType<typeof queue>>) => answer.reviews.map((review) => review.body);
    expect(bodies(await queue({ rating: 1 }))).toEqual(['Review q3', 'Review q1']);
    expect(bodies(await queue({ language: 'de', rating: 0 }))).toEqual(['Review q2', 'Review q3']);
    expect(bodies(await queue({ productId: duplicate }))).toContain('Review q2');
    expect(bodies(await queue({ productId: duplicate }))).not.toContain('Review q1');
    expect(await failure(queue({ rating: 6 }))).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });

    const target = (await queue({ rating: 5, language: 'de' })).reviews[0];
    expect(
      await failure(
        h.client.deleteReview({ reviewId: target?.id ?? '', actorUserId: shopper, reason: 'y'.repeat(501) }),
      ),
    ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect(bodies(await queue({ rating: 5, language: 'de' }))).toEqual(['Review q2']);
    await h.client.deleteReview({ reviewId: target?.id ?? '', actorUserId: shopper, reason: 'Spam link' });
    expect(bodies(await queue({ rating: 5, language: 'de' }))).toEqual([]);
    const [entry] = (await auditEntries('review.delete')).entries;
    expect(JSON.parse(entry?.afterJson ?? '{}')).toEqual({ deleted: true, reason: 'Spam link' });
  });
  it('splits offers off a product: their links move to the target and matching keeps them there', async () => {
    const extra = offer({ shopId: 'shop-a', shopOfferId: 'a2', title: TITLE, brand: 'Sage' });
    expect((await h.client.matchProduct(extra)).productId).toBe(original);
    const split = (
      actorUserId: string,
      offers: { shopId: string; shopOfferId: string }[],
      targetProductId = duplicate,
    ) =>
      h.client.moveOfferLinks({
        actorUserId,
        productId: original,
        targetProductId,
        offers,
        reason: 'Two models',
        gtins: [],
        newProduct: undefined,
      });

    expect(await failure(split(crawlerStaff, [{ shopId: 'shop-a', shopOfferId: 'a2' }]))).toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
    // b1 is the duplicate's own offer, not the original's: nothing moves.
    expect(
      await failure(
        split(shopper, [
          { shopId: 'shop-a', shopOfferId: 'a2' },
          { shopId: 'shop-b', shopOfferId: 'b1' },
        ]),
      ),
    ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect(await failure(split(shopper, [{ shopId: 'shop-a', shopOfferId: 'a2' }], original))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
    expect((await h.client.matchProduct(extra)).productId).toBe(original);

    expect(await split(shopper, [{ shopId: 'shop-a', shopOfferId: 'a2' }])).toMatchObject({
      moved: 1,
      targetProductId: duplicate,
    });
    expect(await h.client.matchProduct(extra)).toMatchObject({
      productId: duplicate,
      method: MatchMethod.MATCH_METHOD_EXISTING_LINK,
    });
    const { links } = await h.client.listOfferLinks({ actorUserId: shopper, productId: original });
    expect(links.map((link) => link.shopOfferId)).toEqual(['a1']);
    const [entry] = (await auditEntries('product.split')).entries;
    expect(entry).toMatchObject({ actorUserId: shopper, entityId: original });
    expect(entry?.afterJson).toContain('Two models');
  });
});
