import { status as GrpcStatus } from '@grpc/grpc-js';
import { AccountsStaffServiceService } from '@pc/proto/accounts/v1/staff';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { AffiliatesServiceService } from '@pc/proto/affiliates/v1/affiliates';
import { ClickOrigin } from '@pc/proto/affiliates/v1/types';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { ShopReviewsServiceService, ShopReviewStatus, type ShopReview } from '@pc/proto/offers/v1/shop_reviews';
import { AuditServiceService, ListAuditEntriesRequest } from '@pc/proto/staff/v1/audit';
import { createServiceClient } from '@pc/kit/grpc/client';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import {
  answerOf,
  newStaffUser,
  renderPage,
  signInToPanel,
  type RouteAnswer,
  type RouteModule,
  type StaffSession,
  newVisitor,
} from './admin-panel-session';
import { seedCatalogue, type Catalogue } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';

/**
 * The shopping panel's shop reviews page (web/admin/app/routes/shopping.shop-reviews.tsx) and the
 * rating on the admin panel's shop page, in one process: loaders, actions and views as Remix runs
 * them in their panel's frame, signed in through each panel's sign-in, over real gRPC to accounts,
 * affiliates and offers (ShopReviewsService), each started from its app.ts. Visitors review a
 * listed shop through offers as the site does — one after following one of its offers (the
 * review is verified) —, staff hide one with a reason, show it again and delete it, each after a
 * confirm step, and offers' public list and the shop's rating follow.
 */

// The admin app's calls sign as it does in production.
useTestIdentity('admin');

type Route = typeof import('../admin/app/routes/shopping.shop-reviews');
type ShopRoute = typeof import('../admin/app/routes/admin.shops_.$shop');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's data, read by each test
type Answer = RouteAnswer<any>;
interface Row {
  id: string;
  shopId: string;
  shopName: string;
  author: string;
  rating: number;
  title: string;
  body: string;
  language: string;
  verified: boolean;
  status: string;
  hiddenReason: string;
}

const ADMIN = 'http://admin.test/admin';
const PAGE = `${ADMIN}/shopping/shop-reviews`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
/** A review's text long enough for the table to cut it (more behind the toggle). */
const LONG_TEXT =
  'Ordered on Monday, delivered on Tuesday, well packed. The support answered my question about the ' +
  'warranty within an hour and the invoice was correct. The only thing I missed was a tracking link.';
const SPAM_TEXT = 'Buy cheap followers at spam.example, best prices!';

let platform: Platform;
let route: Route;
let shopRoute: ShopRoute;
let shoppingLayout: RouteModule;
let adminLayout: RouteModule;
let catalogue: Catalogue;
let reviews: ReturnType<typeof createServiceClient<typeof ShopReviewsServiceService>>;
let offers: ReturnType<typeof createServiceClient<typeof OffersServiceService>>;
/** staff:shopping only: moderates, cannot open the admin panel's shop page. */
let moderator: StaffSession;
let moderatorId = '';
/** The bootstrap admin, every panel: signed in to the shopping and the admin panel. */
let rootShopping: StaffSession;
let rootAdmin: StaffSession;
/** staff:admin only. */
let adminOnly: StaffSession;
let adminOnlyId = '';
let shopId = '';
let verifiedReview: ShopReview;
let spamReview: ShopReview;

const form = (url: string, cookie: string, fields: Readonly<Record<string, string>>) =>
  new Request(url, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

const load = (search = '', who: StaffSession = moderator): Promise<Answer> =>
  answerOf(() =>
    route.loader({
      request: new Request(`${PAGE}${search}`, { headers: { cookie: who.cookie } }),
      params: {},
      context: {},
    }),
  );

/** Posts a row's form to the page's action: confirmed (the confirm step's second post) unless told. */
const post = (
  fields: Readonly<Record<string, string>>,
  options: { confirmed?: boolean; who?: StaffSession; search?: string } = {},
): Promise<Answer> => {
  const who = options.who ?? moderator;
  return answerOf(() =>
    route.action({
      request: form(`${PAGE}${options.search ?? ''}`, who.cookie, {
        _csrf: who.csrf,
        ...(options.confirmed === false ? {} : { _confirmed: '1' }),
        ...fields,
      }),
      params: {},
      context: {},
    }),
  );
};

const rowFields = (review: ShopReview) => ({ reviewId: review.id, shopId: review.shopId });

const rows = (answer: Answer): Row[] => answer.data.page.rows;

/** The shop reviews page in the shopping panel's frame, for a GET or (with fields) the action's answer. */
const render = async (
  search = '',
  who: StaffSession = moderator,
  fields?: Readonly<Record<string, string>>,
): Promise<string> =>
  (
    await renderPage(
      route,
      'shop-reviews',
      fields
        ? form(`${PAGE}${search}`, who.cookie, { _csrf: who.csrf, ...fields })
        : new Request(`${PAGE}${search}`, { headers: { cookie: who.cookie } }),
      { id: 'routes/shopping', path: 'admin/shopping', module: shoppingLayout },
    )
  ).replaceAll('<!-- -->', '');

/** The admin panel's page of the shop, in its frame. */
const renderShop = async (who: StaffSession): Promise<string> =>
  (
    await renderPage(
      shopRoute,
      'shops/:shop',
      new Request(`${ADMIN}/admin/shops/${shopId}`, { headers: { cookie: who.cookie } }),
      { id: 'routes/admin', path: 'admin/admin', module: adminLayout },
    )
  ).replaceAll('<!-- -->', '');

/** What visitors see of the shop's reviews (offers' public ListShopReviews) and its rating. */
const publicReviews = async () => {
  const answer = await reviews.listShopReviews(
    { shopId, actorUserId: '', order: 0, page: { page: 1, hitsPerPage: 50 }, includeHidden: false },
    { withoutUser: true },
  );
  return { ids: answer.reviews.map((review) => review.id), rating: answer.rating };
};

/** The shop's rating as offers' GetShop answers it (what the admin panel's shop page reads). */
const shopRating = async () => (await offers.getShop({ shopId, actorUserId: '' }, { withoutUser: true })).shop?.rating;

/** The queue's review of this id as offers stores it, whatever its status (undefined: gone). */
const stored = async (reviewId: string) =>
  (
    await reviews.listShopReviewQueue({
      actorUserId: platform.staffUserId,
      status: ShopReviewStatus.SHOP_REVIEW_STATUS_UNSPECIFIED,
      shopId,
      reviewId,
      page: { page: 1, hitsPerPage: 1 },
    })
  ).reviews[0];

/**
 * The visitor's review of the shop once offers has heard of their click (affiliates' ClickRecorded,
 * on the event log): a review written before that is not verified, so the visitor removes it and
 * writes it again until it is.
 */
async function verifiedReviewOf(visitorId: string): Promise<ShopReview> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const { review } = await reviews.addShopReview({
      actorUserId: visitorId,
      shopId,
      rating: 5,
      title: 'Fast and friendly',
      body: LONG_TEXT,
      language: 'en',
    });
    if (review?.verifiedClick) return review;
    await reviews.deleteShopReview({ actorUserId: visitorId, reviewId: review?.id ?? '' });
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('offers never marked the review verified: did it hear of the click?');
}

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the admin app's config reads the addresses the platform put in process.env.
  route = await import('../admin/app/routes/shopping.shop-reviews');
  shopRoute = await import('../admin/app/routes/admin.shops_.$shop');
  shoppingLayout = await import('../admin/app/routes/shopping');
  adminLayout = await import('../admin/app/routes/admin');
  catalogue = await seedCatalogue(platform);
  shopId = catalogue.shopIds.alpenhaus;
  reviews = createServiceClient(ShopReviewsServiceService, platform.addresses.offers);
  offers = createServiceClient(OffersServiceService, platform.addresses.offers);

  // Vera follows one of the shop's offers from the site while signed in, then reviews it; Sam
  // reviews it without.
  const vera = await newVisitor(platform, 'vera@visitors.test', 'Vera Visitor');
  const sam = await newVisitor(platform, 'sam@visitors.test', 'Sam Spammer');
  const { offers: listed } = await offers.listOffers({
    productId: catalogue.products.headphones.productId,
    shopId,
    country: 'CH',
    inStockOnly: false,
    conditions: [],
    greenOnly: false,
    sort: 0,
    page: undefined,
    displayCurrency: '',
    productIds: [],
  });
  const affiliates = createServiceClient(AffiliatesServiceService, platform.addresses.affiliates);
  const click = await affiliates.resolveClickOut({
    locationId: listed[0]?.locationId ?? '',
    origin: ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE,
    productId: catalogue.products.headphones.productId,
    country: 'CH',
    language: 'en',
    userId: vera,
    visitorId: 'visitor-vera',
    ip: '203.0.113.10',
    userAgent: BROWSER,
    referrer: '',
    placement: 'offer',
  });
  expect(click.counted).toBe(true);
  verifiedReview = await verifiedReviewOf(vera);
  spamReview =
    (
      await reviews.addShopReview({
        actorUserId: sam,
        shopId,
        rating: 1,
        title: 'Cheap followers',
        body: SPAM_TEXT,
        language: 'de',
      })
    ).review ?? ({} as ShopReview);

  moderatorId = await newStaffUser(platform, 'moderator@platform.test', AdminPanel.ADMIN_PANEL_SHOPPING);
  adminOnlyId = await newStaffUser(platform, 'admin-only@platform.test', AdminPanel.ADMIN_PANEL_ADMIN);
  moderator = await signInToPanel('shopping', 'moderator@platform.test', 'secret-pass');
  rootShopping = await signInToPanel('shopping', 'root@platform.test', 'root-secret');
  rootAdmin = await signInToPanel('admin', 'root@platform.test', 'root-secret');
  adminOnly = await signInToPanel('admin', 'admin-only@platform.test', 'secret-pass');
  expect([moderator.csrf, rootShopping.csrf, rootAdmin.csrf, adminOnly.csrf]).not.toContain('');
}, 180_000);

afterAll(async () => {
  await platform?.stop();
});

describe('the shopping panel’s shop reviews', () => {
  it('lists visitors’ reviews newest first with their shop’s name, stars, texts, author, verified mark and status', async () => {
    const answer = await load();
    expect(answer.status).toBe(200);
    expect(rows(answer)).toEqual([
      expect.objectContaining({
        id: spamReview.id,
        shopId,
        shopName: 'Alpenhaus Elektronik',
        author: 'Sam Spammer',
        rating: 1,
        title: 'Cheap followers',
        body: SPAM_TEXT,
        language: 'de',
        verified: false,
        status: 'published',
        hiddenReason: '',
      }),
      expect.objectContaining({
        id: verifiedReview.id,
        author: 'Vera Visitor',
        rating: 5,
        body: LONG_TEXT,
        verified: true,
        status: 'published',
      }),
    ]);
    expect(answer.data.page).toMatchObject({ total: 2, page: 1 });

    const html = await render();
    // The panel's navigation has the page after the product reviews, as the current page.
    expect(html).toContain(
      '<li><a href="/admin/shopping/reviews">Reviews</a></li><li><a href="/admin/shopping/shop-reviews" aria-current="page">Shop reviews</a></li>',
    );
    // Without the admin panel the shop is named, not linked.
    expect(html).toContain('<td>Alpenhaus Elektronik</td>');
    expect(html).not.toContain(`href="/admin/admin/shops/${shopId}"`);
    // A long text is cut, the whole of it behind a toggle.
    expect(html).toContain('<details class="long-text"><summary>Ordered on Monday');
    expect(html).toContain(`<p>${LONG_TEXT}</p>`);
    expect(html).toContain('<td class="numeric">5/5</td>');
    // Each row offers hide (with its reason) and delete.
    expect(html).toContain('aria-label="Hide: Sam Spammer');
    expect(html).toContain('aria-label="Delete: Vera Visitor');
  });

  it('links the shop to the admin panel’s shop page for staff who hold that panel', async () => {
    const html = await render('', rootShopping);
    expect(html).toContain(`<a href="/admin/admin/shops/${shopId}">Alpenhaus Elektronik</a>`);
  });

  it('filters by status and by shop, as offers does', async () => {
    expect(rows(await load('?status=hidden'))).toEqual([]);
    expect(rows(await load('?status=published')).map((row) => row.id)).toEqual([spamReview.id, verifiedReview.id]);
    expect(rows(await load(`?shop=${catalogue.shopIds.rheinmarkt}`))).toEqual([]);
    expect(rows(await load(`?shop=${shopId}&status=published`))).toHaveLength(2);
    // Paged by offers, the filters kept.
    const paged = await load(`?shop=${shopId}&size=20&page=2`);
    expect(paged.data.page).toMatchObject({ rows: [], page: 2, total: 2 });
  });

  it('refuses staff without the shopping panel: the sign-in, the page, its writes and offers itself', async () => {
    const refused = await signInToPanel('shopping', 'admin-only@platform.test', 'secret-pass');
    expect(refused.csrf).toBe('');
    expect((await load('', refused)).status).toBe(302);
    const write = await post({ _intent: 'delete', ...rowFields(spamReview) }, { who: refused });
    expect(write.status).toBe(302);
    expect(write.location).toMatch(/\/shopping\/login/);
    await expect(
      reviews.setShopReviewHidden({ actorUserId: adminOnlyId, reviewId: spamReview.id, hidden: true, reason: 'x' }),
    ).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    expect((await stored(spamReview.id))?.status).toBe(ShopReviewStatus.SHOP_REVIEW_STATUS_PUBLISHED);

    // A role revoked after the sign-in: the next request is refused with the panel's 403.
    const revokedId = await newStaffUser(platform, 'revoked@platform.test', AdminPanel.ADMIN_PANEL_SHOPPING);
    const revoked = await signInToPanel('shopping', 'revoked@platform.test', 'secret-pass');
    expect((await load('', revoked)).status).toBe(200);
    await createServiceClient(AccountsStaffServiceService, platform.addresses.accounts).revokeStaffRole({
      actorUserId: platform.staffUserId,
      userId: revokedId,
      panel: AdminPanel.ADMIN_PANEL_SHOPPING,
    });
    expect(await load('', revoked)).toMatchObject({ status: 403, data: { forbidden: 'shopping' } });
  });

  it('asks for a reason to hide a review: the error beside its input, nothing changed', async () => {
    const fields = { _intent: 'hide', ...rowFields(spamReview), reason: '  ' };
    const answer = await post(fields);
    expect(answer).toMatchObject({ status: 400, data: { stage: 'errors', errors: { reason: 'Required.' } } });
    const html = await render('', moderator, { ...fields, _confirmed: '1' });
    expect(html).toContain('<span class="field-error" id="reason-error" role="alert">Required.</span>');
    expect(html).toMatch(new RegExp(`id="hide-reason-${spamReview.id}"[^>]*aria-invalid="true"`));
    expect((await stored(spamReview.id))?.status).toBe(ShopReviewStatus.SHOP_REVIEW_STATUS_PUBLISHED);
    expect((await publicReviews()).ids).toContain(spamReview.id);
  });

  it('hides a review with a reason after a confirm step: gone from the shop’s public reviews and its rating', async () => {
    expect(await shopRating()).toEqual({ value: 3, count: 2, distribution: [1, 0, 0, 0, 1], verifiedCount: 1 });
    const fields = { _intent: 'hide', ...rowFields(spamReview), reason: 'Advertising for another site' };
    const confirm = await post(fields, { confirmed: false });
    expect(confirm.data).toMatchObject({ stage: 'confirm', destructive: false });
    expect(confirm.data.summary.title).toBe('Hide the shop review by Sam Spammer');
    expect(confirm.data.summary.changes).toEqual([
      { label: 'Status', before: 'Published', after: 'Hidden' },
      { label: 'Hidden because', before: '', after: 'Advertising for another site' },
    ]);
    expect(confirm.data.summary.facts).toContainEqual({
      label: 'Shop',
      value: `Alpenhaus Elektronik (${shopId})`,
    });
    // Nothing changed before the confirmation.
    expect((await publicReviews()).ids).toContain(spamReview.id);

    const done = await post(fields, { search: '?status=hidden' });
    expect(done).toMatchObject({ status: 302, location: '/shopping/shop-reviews?status=hidden&done=1' });
    const after = await publicReviews();
    expect(after.ids).toEqual([verifiedReview.id]);
    expect(after.rating).toEqual({ value: 5, count: 1, distribution: [1, 0, 0, 0, 0], verifiedCount: 1 });
    expect(await shopRating()).toEqual(after.rating);

    expect(rows(await load('?status=hidden'))).toEqual([
      expect.objectContaining({ id: spamReview.id, status: 'hidden', hiddenReason: 'Advertising for another site' }),
    ]);
    const html = await render('?status=hidden&done=1');
    expect(html).toContain('<p class="flash" role="status">Saved.</p>');
    expect(html).toContain('<span class="review-status">Hidden</span>');
    expect(html).toContain('<td>Advertising for another site</td>');
    // A hidden review offers "Show again" instead of "Hide".
    expect(html).toContain(`aria-label="Show again: Sam Spammer`);
    expect(html).not.toContain(`aria-label="Hide: Sam Spammer`);
  });

  it('shows a hidden review again: listed and counted once more, each write audited by offers', async () => {
    const fields = { _intent: 'show', ...rowFields(spamReview) };
    const confirm = await post(fields, { confirmed: false });
    expect(confirm.data.summary.changes).toEqual([
      { label: 'Status', before: 'Hidden', after: 'Published' },
      { label: 'Hidden because', before: 'Advertising for another site', after: '' },
    ]);
    expect((await post(fields)).status).toBe(302);
    const after = await publicReviews();
    expect(after.ids).toEqual([spamReview.id, verifiedReview.id]);
    expect(after.rating).toMatchObject({ value: 3, count: 2 });
    expect(rows(await load('?status=hidden'))).toEqual([]);

    const audit = createServiceClient(AuditServiceService, platform.addresses.offers);
    const { entries } = await audit.listAuditEntries(
      ListAuditEntriesRequest.fromPartial({
        actorUserId: platform.staffUserId,
        panel: 'shopping',
        byUserId: moderatorId,
      }),
    );
    expect(entries.filter((entry) => entry.entityId === spamReview.id)).toHaveLength(2);
  });

  it('deletes a review for good after a confirm step that says it cannot be undone', async () => {
    const fields = { _intent: 'delete', ...rowFields(spamReview) };
    const confirm = await post(fields, { confirmed: false });
    expect(confirm.data).toMatchObject({ stage: 'confirm', destructive: true });
    expect(confirm.data.summary.title).toBe('Delete the shop review by Sam Spammer');
    expect(await render('', moderator, fields)).toContain('This cannot be undone.');
    expect(await stored(spamReview.id)).toBeDefined();

    expect(await post(fields)).toMatchObject({ status: 302, location: '/shopping/shop-reviews?done=1' });
    expect(await stored(spamReview.id)).toBeUndefined();
    expect(rows(await load()).map((row) => row.id)).toEqual([verifiedReview.id]);
    const after = await publicReviews();
    expect(after.ids).toEqual([verifiedReview.id]);
    expect(after.rating).toMatchObject({ value: 5, count: 1, verifiedCount: 1 });

    // The same form again: the review is already gone, said on the page, nothing else changed.
    const again = await post(fields);
    expect(again).toMatchObject({ status: 400, data: { errors: { _form: 'This review is already gone.' } } });
    expect(await render('', moderator, { ...fields, _confirmed: '1' })).toContain(
      '<p class="form-error" role="alert">This review is already gone.</p>',
    );
    expect(await render('?gone=1')).toContain('This review is already gone.');
  });
});

describe('the admin panel’s shop page', () => {
  it('shows the shop’s rating with a link to its reviews for staff who hold the shopping panel', async () => {
    const html = await renderShop(rootAdmin);
    expect(html).toContain('5.0 of 5 from 1 reviews (1 verified)');
    expect(html).toContain(`<a href="/admin/shopping/shop-reviews?shop=${shopId}">Reviews</a>`);
    // The link opens the table filtered by the shop.
    expect(rows(await load(`?shop=${shopId}`)).map((row) => row.shopId)).toEqual([shopId]);
  });

  it('shows the rating without the link to staff without the shopping panel', async () => {
    const html = await renderShop(adminOnly);
    expect(html).toContain('5.0 of 5 from 1 reviews (1 verified)');
    expect(html).not.toContain('/admin/shopping/shop-reviews');
  });
});
