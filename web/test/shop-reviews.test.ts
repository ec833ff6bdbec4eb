import { join } from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { pino } from 'pino';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { createServiceClient } from '@pc/kit/grpc/client';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { Events } from '@pc/proto/event-catalog';
import { OffersServiceService, RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { ShopReviewsServiceService } from '@pc/proto/offers/v1/shop_reviews';
import { ListingsChanged } from '@pc/proto/search/events/v1/events';
import { answerOf, newVisitor, type RouteAnswer } from './admin-panel-session';
import { BrowserSession } from './browser-session';
import { OpenApiContract } from './openapi-contract';
import { eventually, listOwnedShopWithHeadphones, seedCatalogue, type Catalogue } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';
import { registerBusinessUser } from './business-users';
import { renderSitePage } from './site-page';

/**
 * Visitors' shop reviews on the site (ADR 119) over the real services, each started from its
 * app.ts, the site's calls signed as the site (`web`): a shop owner's listed shop with an offer of
 * the fixture's headphones; visitors signed in through the site's own sign-in. A visitor who
 * followed the shop's offer through the site's /goto as a signed-in user writes a review on the
 * review page, which the shop's page then shows verified with the rating; the page's cache tag
 * is the one the site hears in the ShopChanged the review emits; the form's refusals are said
 * at the form; the owner answers in shop settings and the shop's page shows the reply; offer
 * rows, the shops list and the JSON API carry the stars, checked against docs/api/openapi.yaml.
 */

// The shop settings page links its stylesheet through Vite, which the test does not run.
jest.mock('~/styles/business.css?url', () => ({ __esModule: true, default: '/business.css' }), { virtual: true });

// The site's calls sign as the site does in production (a user front: the actor travels as a signed user).
useTestIdentity('web');

type ShopRoute = typeof import('~/routes/$locale.shops.$shop');
type ReviewRoute = typeof import('~/routes/account.reviews');
type SettingsRoute = typeof import('~/routes/account.business.shops.$shop');
type GotoRoute = typeof import('~/routes/goto.$locationId');
type ShopsRoute = typeof import('~/routes/$locale.shops._index');
type ShopPageData = Awaited<ReturnType<typeof import('~/data/entity-pages.server').shopPage>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the page's data
type Answer = RouteAnswer<any>;

const SITE = 'http://site.test';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SHOP_NAME = 'Seeblick Audio';
const VERA_TEXT = 'Ordered on Monday, delivered on Tuesday, well packed, and the invoice was right.';
const SAM_TEXT = 'Slow delivery, and nobody answered my two e-mails.';

const contract = new OpenApiContract();
let platform: Platform;
let catalogue: Catalogue;
let handle: (request: Request) => Promise<Response>;
let shopRoute: ShopRoute;
let reviewRoute: ReviewRoute;
let settingsRoute: SettingsRoute;
let gotoRoute: GotoRoute;
let shopsRoute: ShopsRoute;
let reviews: ReturnType<typeof createServiceClient<typeof ShopReviewsServiceService>>;
let offers: ReturnType<typeof createServiceClient<typeof OffersServiceService>>;
let bus: EventBus;
/** The page tags the site's follower heard changed (web/edge/page-events.cjs), in order. */
const heard: string[] = [];
let follower: { started: Promise<void>; stop: () => Promise<void> };
/** The owner's listed shop, and the location of its offer of the headphones. */
let shopId = '';
let locationId = '';
/** Each person's id and the cookies their browser sends the site once signed in there. */
const people: Record<'owner' | 'vera' | 'sam' | 'lotte' | 'stranger', { id: string; cookie: string }> = {
  owner: { id: '', cookie: '' },
  vera: { id: '', cookie: '' },
  sam: { id: '', cookie: '' },
  lotte: { id: '', cookie: '' },
  stranger: { id: '', cookie: '' },
};
let veraReviewId = '';

const get = (path: string, cookie = '') => new Request(`${SITE}${path}`, { headers: cookie ? { cookie } : {} });
const post = (path: string, cookie: string, fields: Readonly<Record<string, string>>) =>
  new Request(`${SITE}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

/** Signs in on the site (its sign-in API) with the password every test user has; the cookies a browser then sends. */
async function signIn(email: string): Promise<string> {
  const session = new BrowserSession(handle, contract);
  await session.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
  const login = await session.call('post', '/auth/login', '/auth/login', {
    body: { email, password: 'secret-pass' },
  });
  expect(login.status).toBe(200);
  return [...session.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
}

const reviewPath = (query = '') => `/account/reviews?shop=${shopId}${query}`;

/** The review page of the shop as the person's browser gets it. */
const reviewPage = (cookie: string, query = ''): Promise<Answer> =>
  answerOf(() => reviewRoute.loader({ request: get(reviewPath(query), cookie), params: {}, context: {} }));

/** Sends a form of the review page as the browser does: its CSRF field (from the page), its intent, its fields. */
async function postReviewPage(cookie: string, intent: string, fields: Readonly<Record<string, string>>) {
  const { data } = await reviewPage(cookie);
  return answerOf(() =>
    reviewRoute.action({
      request: post(reviewPath(), cookie, { _csrf: data.csrf, intent, ...fields }),
      params: {},
      context: {},
    }),
  );
}

const writeReview = (cookie: string, fields: Readonly<Record<string, string>>) =>
  postReviewPage(cookie, 'shopReview', { shop_id: shopId, ...fields });

/** The shop's page as a visitor gets it: the loader's data and the headers the page answers with. */
async function shopPage(query = '') {
  const request = get(`/en-ch/shops/${shopId}${query}`);
  const answer = (await shopRoute.loader({
    request,
    params: { locale: 'en-ch', shop: shopId },
    context: {},
  })) as unknown as {
    data: ShopPageData;
    init: ResponseInit;
  };
  const headers = new Headers(
    shopRoute.headers({
      loaderHeaders: new Headers(answer.init.headers),
      parentHeaders: new Headers(),
      actionHeaders: new Headers(),
      errorHeaders: undefined,
    }) as HeadersInit,
  );
  return { page: answer.data, headers };
}

const render = renderSitePage;

const renderShopPage = (query = '') => render(shopRoute, ':locale/shops/:shop', get(`/en-ch/shops/${shopId}${query}`));
const renderReviewPage = async (cookie: string, fields?: Readonly<Record<string, string>>) => {
  if (!fields) return render(reviewRoute, 'account/reviews', get(reviewPath(), cookie));
  const { data } = await reviewPage(cookie);
  return render(reviewRoute, 'account/reviews', post(reviewPath(), cookie, { _csrf: data.csrf, ...fields }));
};

/** An API answer, checked against the schema documented for `template`. */
const api = (url: string, template: string) => contract.get(handle, url, template, SITE);

/** Follows the shop's offer as a browser does from the product page: /goto with the visitor's cookies. */
function followOffer(cookie: string) {
  return eventually('affiliates to know the offer’s location', async () => {
    const answer = await Promise.resolve(
      gotoRoute.loader({
        request: new Request(`${SITE}/goto/${locationId}?o=product&p=offer`, {
          headers: { cookie, 'user-agent': BROWSER, referer: `${SITE}/en-ch/products/x` },
        }),
        params: { locationId },
        context: { clientIp: '203.0.113.20' },
      }),
    ).catch((error: unknown) => error as Response);
    return answer instanceof Response && answer.status === 302 ? answer : undefined;
  });
}

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the BFF's config reads the service addresses the platform put in process.env.
  shopRoute = await import('~/routes/$locale.shops.$shop');
  reviewRoute = await import('~/routes/account.reviews');
  settingsRoute = await import('~/routes/account.business.shops.$shop');
  gotoRoute = await import('~/routes/goto.$locationId');
  shopsRoute = await import('~/routes/$locale.shops._index');
  await import('~/i18n/messages.server'); // the messages every page renders with
  const { createApiRequestHandler } = await import('./api-request-handler');
  handle = createApiRequestHandler();
  catalogue = await seedCatalogue(platform);
  reviews = createServiceClient(ShopReviewsServiceService, platform.addresses.offers);
  offers = createServiceClient(OffersServiceService, platform.addresses.offers);

  // The site's ear on the platform's event log, from the newest record on (as every site replica).
  bus = openEmbeddedEventBus({ path: join(platform.dataDir, 'events', 'log.sqlite') });
  /* eslint-disable-next-line @typescript-eslint/no-require-imports */
  const { followPageChanges } = require('../edge/page-events.cjs') as {
    followPageChanges: (options: object) => { started: Promise<void>; stop: () => Promise<void> };
  };
  follower = followPageChanges({
    bus,
    logger: pino({ level: 'silent' }),
    group: 'web.pages.shop-reviews-test.3000',
    changed: (tags: string[]) => heard.push(...tags),
  });
  await follower.started;
  // The group takes its place at the newest record once it has its partitions: knock until heard
  // (ListingsChanged: only the site follows it).
  const search = createEventPublisher(bus, 'search');
  await eventually('the site’s follower to hear the event log', async () => {
    await search.publish(Events.listingsChanged, 'probe', ListingsChanged.fromPartial({ productIds: ['probe'] }));
    return heard.includes('listing:probe') ? true : undefined;
  });

  // The owner: a business account, their shop paid for, activated by staff (listed), selling the
  // headphones in Switzerland.
  const business = (email: string, name: string) => registerBusinessUser(platform, email, name);
  people.owner.id = await business('owner@seeblick.test', 'Olaf Owner');
  people.stranger.id = await business('stranger@other-shop.test', 'Stella Stranger');
  const { shop } = await offers.registerShop(
    RegisterShopRequest.fromPartial({
      actorUserId: people.owner.id,
      name: SHOP_NAME,
      homepageUrl: 'https://seeblick-audio.example/',
      company: 'Seeblick Audio GmbH',
      email: 'info@seeblick-audio.example',
      address: { line1: 'Seestrasse 1', zipCode: '8002', city: 'Zürich', country: 'CH' },
      phone: '+41 44 000 00 00',
      countries: ['CH'],
      termsAccepted: true,
    }),
  );
  shopId = shop?.id ?? '';
  ({ locationId } = await listOwnedShopWithHeadphones(platform, catalogue, {
    ownerId: people.owner.id,
    shopId,
    url: 'https://seeblick-audio.example/p/hp',
    price: 28_500,
  }));

  // Visitors with accounts of their own, each signed in to the site.
  people.vera.id = await newVisitor(platform, 'vera@visitors.test', 'Vera Visitor');
  people.sam.id = await newVisitor(platform, 'sam@visitors.test', 'Sam Sceptic');
  people.lotte.id = await newVisitor(platform, 'lotte@visitors.test', 'Lotte Lots');
  const emails = {
    owner: 'owner@seeblick.test',
    vera: 'vera@visitors.test',
    sam: 'sam@visitors.test',
    lotte: 'lotte@visitors.test',
    stranger: 'stranger@other-shop.test',
  } as const;
  for (const [who, email] of Object.entries(emails) as [keyof typeof emails, string][])
    people[who].cookie = await signIn(email);
}, 180_000);

afterAll(async () => {
  await follower?.stop();
  await bus?.close();
  await platform?.stop();
});

describe('a shop without reviews', () => {
  it('says so on its page, links the review page, and answers an empty list with no rating in the API', async () => {
    const { page, headers } = await shopPage();
    expect(page.reviews).toMatchObject({ items: [], total: 0, page: 1, rating: null });
    expect(page.shop.rating).toBeNull();
    // The page is stored by the query parameters it reads, reviews' included, and names its shop.
    expect(headers.get('X-Cache-Query')).toBe('page,sort,refinements[*],range[*],reviewsPage,reviewsSort,review');
    expect(headers.get('X-Cache-Tags')?.split(' ')).toContain(`shop:${shopId}`);
    const html = await renderShopPage();
    expect(html).toContain('<h2 id="reviews-heading">Shop reviews <span class="muted">(No reviews)</span></h2>');
    expect(html).toContain('No reviews yet.');
    expect(html).toContain(
      `<a href="/account/reviews?shop=${shopId}" class="button" rel="nofollow">Write a review</a>`,
    );

    const list = await api(`/api/shops/${shopId}/reviews`, '/api/shops/{id}/reviews');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ data: [], meta: { total: 0, rating: null, sort: 'newest' } });
    expect((await api(`/api/shops/${shopId}`, '/api/shops/{id}')).body.data.rating).toBeNull();
  });

  it('sends a guest to sign in first, and back to the review page after', async () => {
    const answer = await reviewPage('');
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/en-ch/login?redirect=${encodeURIComponent(reviewPath())}`);
  });
});

describe('the review page', () => {
  it('shows the shop’s name and the form with its limits, to a visitor who has not reviewed it', async () => {
    const { status, data } = await reviewPage(people.vera.cookie);
    expect(status).toBe(200);
    expect(data).toMatchObject({
      kind: 'shop',
      title: `Your review of ${SHOP_NAME}`,
      shop: { id: shopId, name: SHOP_NAME, route: `/en-ch/shops/${shopId}` },
      own: null,
      ownShop: false,
    });
    const html = await renderReviewPage(people.vera.cookie);
    expect(html).toContain(`<h1>Your review of ${SHOP_NAME}</h1>`);
    expect(html).toContain('<legend>Your rating</legend>');
    expect(html).toMatch(
      /<label for="shop-review-title">Title \(optional, at most 120 characters\)<\/label><input[^>]*maxlength="120"/i,
    );
    expect(html).toMatch(
      /<label for="shop-review-body">Your review \(20 to 5,000 characters\)<\/label><textarea[^>]*maxlength="5000"/i,
    );
    expect(html).toContain('>Publish review</button>');
  });

  it('refuses a review without stars or with too short a text at its fields, storing nothing', async () => {
    const answer = await writeReview(people.vera.cookie, { body: 'Too short.' });
    expect(answer).toMatchObject({
      status: 400,
      data: {
        intent: 'shopReview',
        errors: { rating: 'shopReviews.validation.rating', body: 'shopReviews.validation.bodyMin' },
      },
    });
    const html = await renderReviewPage(people.vera.cookie, {
      intent: 'shopReview',
      shop_id: shopId,
      body: 'Too short.',
    });
    expect(html).toContain('Choose from 1 to 5 stars.');
    expect(html).toContain('<span id="shop-review-body-error" class="field-error">At least 20 characters.</span>');
    expect((await reviewPage(people.vera.cookie)).data.own).toBeNull();
  });

  it('refuses a CSRF-less post as an expired page', async () => {
    const answer = await answerOf(() =>
      reviewRoute.action({
        request: post(reviewPath(), people.vera.cookie, {
          intent: 'shopReview',
          shop_id: shopId,
          rating: '5',
          body: VERA_TEXT,
        }),
        params: {},
        context: {},
      }),
    );
    expect(answer.status).toBe(419);
  });

  it('answers 404 for a shop that is not listed', async () => {
    expect((await reviewPage(people.vera.cookie, '')).status).toBe(200);
    const unknown = await answerOf(() =>
      reviewRoute.loader({
        request: get('/account/reviews?shop=no-such-shop', people.vera.cookie),
        params: {},
        context: {},
      }),
    );
    expect(unknown.status).toBe(404);
  });
});

describe('a verified review', () => {
  it('is published by a visitor who followed the shop’s offer through the site while signed in, and leads to the shop’s page', async () => {
    await followOffer(people.vera.cookie);
    // Offers hears of the click from affiliates' event: a review written before is not verified,
    // so the visitor deletes it on the review page and writes it again until it is.
    let own: { id: string; verified: boolean } | null = null;
    for (let attempt = 0; attempt < 40 && !own?.verified; attempt += 1) {
      if (own) {
        const deleted = await postReviewPage(people.vera.cookie, 'deleteShopReview', {
          review_id: own.id,
          shop_id: shopId,
        });
        expect(deleted).toMatchObject({ status: 302, location: `${reviewPath()}&deleted=1` });
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const written = await writeReview(people.vera.cookie, {
        rating: '5',
        title: 'Fast and friendly',
        body: VERA_TEXT,
      });
      expect(written).toMatchObject({ status: 302, location: `/en-ch/shops/${shopId}?review=published#reviews` });
      own = (await reviewPage(people.vera.cookie)).data.own;
    }
    expect(own).toMatchObject({
      author: 'Vera Visitor',
      rating: { value: 5 },
      title: 'Fast and friendly',
      body: VERA_TEXT,
      language: 'en',
      verified: true,
      hidden: false,
      reply: null,
    });
    veraReviewId = own?.id ?? '';
  }, 60_000);

  it('shows on the shop’s page with the rating, the verified badge and the notice that thanks its author', async () => {
    const { page } = await shopPage('?review=published');
    expect(page.notice).toBe('published');
    expect(page.reviews?.rating).toEqual({ value: 5, count: 1, distribution: [1, 0, 0, 0, 0], verified_count: 1 });
    expect(page.reviews?.items).toEqual([
      expect.objectContaining({ id: veraReviewId, author: 'Vera Visitor', verified: true }),
    ]);
    const html = await renderShopPage('?review=published');
    expect(html).toContain('<p class="notice notice-done" role="status">Thank you: your review is published.</p>');
    expect(html).toContain('<strong>5.0 of 5</strong> <span class="muted">1 review</span>');
    expect(html).toContain('<meter min="0" max="1" value="1" aria-label="5 stars"></meter>');
    expect(html).toContain('1 verified review');
    expect(html).toContain(`<h3 id="shop-review-${veraReviewId}" lang="en">Fast and friendly</h3>`);
    expect(html).toContain('<span class="stars" role="img" aria-label="5 of 5 stars">★★★★★</span>');
    expect(html).toContain('<span class="badge badge-green verified">Verified: followed an offer to this shop</span>');
    expect(html).toContain(`<p class="shop-review-body" lang="en">${VERA_TEXT}</p>`);
    expect(html).toMatch(/<span class="shop-review-author">Vera Visitor<\/span> · <time dateTime="[^"]+">/);
    // The header's stars lead to the reviews.
    expect(html).toContain('<a href="#reviews" class="shop-rating-link">');
  });

  it('emits ShopChanged, which the site hears as its shop page’s tag: the stored pages are rendered again', async () => {
    await eventually('the site to hear the shop changed', async () =>
      heard.includes(`shop:${shopId}`) ? true : undefined,
    );
    const { headers, page } = await shopPage();
    expect(headers.get('X-Cache-Tags')?.split(' ')).toContain(`shop:${shopId}`);
    // What the render the refresher asks for shows: the review and the new rating.
    expect(page.reviews?.items.map((item) => item.id)).toEqual([veraReviewId]);
    expect(page.shop.rating).toMatchObject({ value: 5, count: 1 });
  });

  it('takes no second review by the same visitor: the review page says so and shows the one written', async () => {
    const { data } = await reviewPage(people.vera.cookie);
    // The review page shows the review and "Delete my review" instead of the form…
    const html = await renderReviewPage(people.vera.cookie);
    expect(html).toContain('<h2 id="own-review-heading">Your review</h2>');
    expect(html).toContain('>Delete my review</button>');
    expect(html).not.toContain('>Publish review</button>');
    // …and a form sent from an older page (another tab) is refused by offers, said on the page.
    const again = await answerOf(() =>
      reviewRoute.action({
        request: post(reviewPath(), people.vera.cookie, {
          _csrf: data.csrf,
          intent: 'shopReview',
          shop_id: shopId,
          rating: '1',
          body: VERA_TEXT,
        }),
        params: {},
        context: {},
      }),
    );
    expect(again).toMatchObject({ status: 409, data: { intent: 'shopReview', error: { key: 'shopReviews.already' } } });
    const refused = await renderReviewPage(people.vera.cookie, {
      intent: 'shopReview',
      shop_id: shopId,
      rating: '1',
      body: VERA_TEXT,
    });
    expect(refused).toContain('<p class="notice notice-error" role="alert">You have reviewed this shop already.</p>');
  });
});

describe('refusals', () => {
  it('does not let the owner review their own shop', async () => {
    const { data } = await reviewPage(people.owner.cookie);
    expect(data).toMatchObject({ ownShop: true, own: null });
    expect(await renderReviewPage(people.owner.cookie)).toContain(
      '<p class="notice notice-error">You cannot review your own shop.</p>',
    );
    const answer = await writeReview(people.owner.cookie, { rating: '5', body: 'The best shop there is, honestly.' });
    expect(answer).toMatchObject({ status: 403, data: { error: { key: 'shopReviews.ownShop' } } });
  });

  it('says a visitor has written too many reviews today, never failing', async () => {
    // Ten reviews of other listed shops today (the fixture's and eight more), then this one.
    const shops = [catalogue.shopIds.alpenhaus, catalogue.shopIds.rheinmarkt];
    for (let n = 1; n <= 8; n += 1) {
      const { shop } = await offers.registerShop(
        RegisterShopRequest.fromPartial({
          actorUserId: platform.staffUserId,
          name: `Directory Shop ${n}`,
          homepageUrl: `https://directory-${n}.example/`,
          countries: ['CH'],
          directoryListing: true,
        }),
      );
      shops.push(shop?.id ?? '');
    }
    for (const other of shops)
      await reviews.addShopReview({
        actorUserId: people.lotte.id,
        shopId: other,
        rating: 4,
        title: '',
        body: 'Good prices and a quick delivery.',
        language: 'en',
      });
    const answer = await writeReview(people.lotte.cookie, { rating: '4', body: 'Good prices and a quick delivery.' });
    expect(answer).toMatchObject({ status: 429, data: { error: { key: 'shopReviews.limit' } } });
    const html = await renderReviewPage(people.lotte.cookie, {
      intent: 'shopReview',
      shop_id: shopId,
      rating: '4',
      body: 'Good prices and a quick delivery.',
    });
    expect(html).toContain('<p class="notice notice-error" role="alert">Too many reviews today, try again later.</p>');
    expect((await reviewPage(people.lotte.cookie)).data.own).toBeNull();
  });
});

describe('the owner’s reply', () => {
  const settingsPath = () => `/account/business/shops/${shopId}`;
  const settings = (cookie: string) =>
    answerOf(() =>
      settingsRoute.loader({ request: get(settingsPath(), cookie), params: { shop: shopId }, context: {} }),
    );
  const reply = async (cookie: string, body: string, reviewId = veraReviewId) => {
    const { data } = await settings(people.owner.cookie);
    return answerOf(() =>
      settingsRoute.action({
        request: post(settingsPath(), cookie, { _csrf: data.csrf, intent: 'reply', review_id: reviewId, body }),
        params: { shop: shopId },
        context: {},
      }),
    );
  };

  it('lists the shop’s reviews in shop settings, each with a reply form', async () => {
    const { status, data } = await settings(people.owner.cookie);
    expect(status).toBe(200);
    expect(data.reviews).toMatchObject({ listed: true, total: 1, items: [{ id: veraReviewId, reply: null }] });
    const html = await render(settingsRoute, 'account/business/shops/:shop', get(settingsPath(), people.owner.cookie));
    expect(html).toContain('<h2 id="reviews-heading">Reviews</h2>');
    expect(html).toContain(
      `<label for="reply-${veraReviewId}-body">Your public reply (at most 2,000 characters; empty removes it)</label>`,
    );
    expect(html).toContain('aria-label="Reply to the review by Vera Visitor">Publish reply</button>');
  });

  it('publishes the reply, which the shop’s page shows under the review; an empty reply removes it', async () => {
    const heardBefore = heard.length;
    expect(await reply(people.owner.cookie, 'Thank you, Vera! See you soon.')).toMatchObject({
      status: 200,
      data: { intent: 'reply', done: { key: 'shopReviews.owner.replied' } },
    });
    // The rating stays as it is, yet the site hears the shop page changed: its cached copies are rendered again.
    await eventually('the site to hear the reply changed the shop’s page', async () =>
      heard.slice(heardBefore).includes(`shop:${shopId}`) ? true : undefined,
    );
    const { page } = await shopPage();
    expect(page.reviews?.items[0]?.reply).toEqual({
      body: 'Thank you, Vera! See you soon.',
      replied_at: expect.any(String),
    });
    const html = await renderShopPage();
    expect(html).toContain(
      `<div class="shop-reply"><h4>Reply from ${SHOP_NAME}</h4><p>Thank you, Vera! See you soon.</p>`,
    );

    expect(await reply(people.owner.cookie, '  ')).toMatchObject({
      data: { done: { key: 'shopReviews.owner.removed' } },
    });
    expect((await shopPage()).page.reviews?.items[0]?.reply).toBeNull();
    await reply(people.owner.cookie, 'Thank you, Vera! See you soon.');
  });

  it('refuses anyone but the owner: another shop’s owner is told so, a visitor is not let in', async () => {
    // The settings of this shop are not another business user's (offers refuses them its feeds)…
    const page = await answerOf(() =>
      settingsRoute.loader({
        request: get(settingsPath(), people.stranger.cookie),
        params: { shop: shopId },
        context: {},
      }),
    );
    expect([403, 404]).toContain(page.status);
    // …and a reply sent anyway (with a token of their own session) is refused by offers, said as such.
    const { data: token } = await reviewPage(people.stranger.cookie);
    const answer = await answerOf(() =>
      settingsRoute.action({
        request: post(settingsPath(), people.stranger.cookie, {
          _csrf: token.csrf,
          intent: 'reply',
          review_id: veraReviewId,
          body: 'Buy elsewhere!',
        }),
        params: { shop: shopId },
        context: {},
      }),
    );
    expect(answer).toMatchObject({
      status: 403,
      data: { intent: 'reply', error: { key: 'shopReviews.owner.notOwner' } },
    });
    expect((await shopPage()).page.reviews?.items[0]?.reply?.body).toBe('Thank you, Vera! See you soon.');
    // A personal account is sent to the account page's offer of a business account first.
    const { data: visitorToken } = await reviewPage(people.sam.cookie);
    const visitor = await answerOf(() =>
      settingsRoute.action({
        request: post(settingsPath(), people.sam.cookie, {
          _csrf: visitorToken.csrf,
          intent: 'reply',
          review_id: veraReviewId,
          body: 'x',
        }),
        params: { shop: shopId },
        context: {},
      }),
    );
    expect(visitor).toMatchObject({ status: 302, location: '/account?business=required#business-heading' });
  });
});

describe('the rating everywhere the shop is shown', () => {
  it('orders the shop’s reviews, and shows a deleted account’s review as by a former user', async () => {
    expect(await writeReview(people.sam.cookie, { rating: '2', title: '', body: SAM_TEXT })).toMatchObject({
      status: 302,
    });
    const lowest = await shopPage('?reviewsSort=lowest');
    expect(lowest.page.reviews?.items.map((item) => item.rating.value)).toEqual([2, 5]);
    expect(lowest.page.reviews?.rating).toEqual({
      value: 3.5,
      count: 2,
      distribution: [1, 0, 0, 1, 0],
      verified_count: 1,
    });
    expect((await shopPage('?reviewsSort=highest')).page.reviews?.items.map((item) => item.rating.value)).toEqual([
      5, 2,
    ]);
    const html = await renderShopPage('?reviewsSort=lowest');
    expect(html).toContain('<select name="reviewsSort"');
    expect(html).toContain('<option value="lowest" selected="">Fewest stars first</option>');

    const accounts = createServiceClient(AccountsServiceService, platform.addresses.accounts);
    await accounts.deleteAccount({ actorUserId: people.sam.id, userId: '', password: 'secret-pass', confirm: true });
    const former = await eventually('offers to hear the account was deleted', async () => {
      const item = (await shopPage('?reviewsSort=lowest')).page.reviews?.items[0];
      return item?.author === null ? item : undefined;
    });
    expect(former).toMatchObject({ rating: { value: 2 }, body: SAM_TEXT, verified: false });
    const shown = await renderShopPage('?reviewsSort=lowest');
    expect(shown).toContain(`<h3 id="shop-review-${former.id}">Review by former user</h3>`);
    expect(shown).toContain('<span class="shop-review-author former-user">former user</span>');
    // In German, in German.
    const german = await render(shopRoute, ':locale/shops/:shop', get(`/de-ch/shops/${shopId}?reviewsSort=lowest`));
    expect(german).toContain('<span class="shop-review-author former-user">ehemaliges Mitglied</span>');
    expect(german).toContain('Verifiziert: über ein Angebot zu diesem Shop gelangt');
  });

  it('puts the shop’s stars beside its name on the product’s offer rows, and in the API’s offers', async () => {
    const offersOf = async () =>
      (
        await api(
          `/api/products/${catalogue.products.headphones.productId}/offers?locale=en-ch`,
          '/api/products/{id}/offers',
        )
      ).body.data as { shop: { id: string; rating?: unknown } }[];
    const row = await eventually('the offer to carry the shop’s rating', async () => {
      const found = (await offersOf()).find((offer) => offer.shop.id === shopId);
      return (found?.shop.rating as { count?: number } | undefined)?.count === 2 ? found : undefined;
    });
    expect(row.shop.rating).toEqual({ value: 3.5, count: 2 });
    // The fixture's shops have no reviews of this shop's visitors but Lotte's: each its own rating, or none.
    const alpenhaus = (await offersOf()).find((offer) => offer.shop.id === catalogue.shopIds.alpenhaus);
    expect(alpenhaus?.shop.rating).toEqual({ value: 4, count: 1 });

    const { SiteProvider } = await import('~/site/site-provider');
    const { OfferRow } = await import('~/components/product/OfferRow');
    const { contextFor } = await import('~/site/site-context.server');
    const { parseLocale } = await import('~/i18n/locales');
    const locale = parseLocale('en-ch');
    if (!locale) throw new Error('no locale');
    const rootData = { ...contextFor(locale, 'en'), messagesHref: '', user: null, year: 2030 };
    const html = renderToString(
      createElement(SiteProvider, { data: rootData, children: createElement(OfferRow, { offer: row as never }) }),
    ).replaceAll('<!-- -->', '');
    expect(html).toContain(
      `<strong>${SHOP_NAME}</strong><span class="rating" title="Rated 3.5 out of 5"><span aria-hidden="true" class="stars">★★★★☆</span> <span>3.5</span><span class="visually-hidden">out of 5</span> <span class="muted">(2)</span></span>`,
    );
  });

  it('puts the stars of the shop a price abroad names beside it, as on the offer rows', async () => {
    const { productPage } = await import('~/data/product-page.server');
    const { siteContext } = await import('~/site/site-context.server');
    const { headphones } = catalogue.products;
    const segment = `${headphones.slug}-p${headphones.productId}`;
    // A visitor in Germany (numbers as Germany writes them): Switzerland's cheapest offer is
    // Alpenhaus Elektronik's, which Lotte rated.
    const page = await productPage(
      siteContext(new Request(`${SITE}/en-de/`), 'en-de'),
      segment,
      new URL(`${SITE}/en-de/products/${segment}`),
    );
    const switzerland = page.abroad?.split('<li ').find((row) => row.startsWith('data-country="CH"'));
    expect(switzerland).toContain(
      '<span class="muted">Alpenhaus Elektronik</span><span class="rating" title="Rated 4,0 out of 5"><span aria-hidden="true" class="stars">★★★★☆</span> <span>4,0</span><span class="visually-hidden">out of 5</span> <span class="muted">(1)</span></span>',
    );
  });

  it('shows the stars per shop on the shops list, as search indexed them', async () => {
    const card = await eventually('search to index the shop’s rating', async () => {
      const list = await api('/api/shops?locale=en-ch&hitsPerPage=50', '/api/shops');
      const hit = list.body.data.find((shop: { id: string }) => shop.id === shopId);
      return hit?.rating?.count === 2 ? hit : undefined;
    });
    expect(card.rating).toEqual({ value: 3.5, count: 2 });
    const html = await render(shopsRoute, ':locale/shops', get('/en-ch/shops'));
    expect(html).toMatch(
      new RegExp(`<span class="entity-name">${SHOP_NAME}</span><span class="rating" title="Rated 3.5 out of 5">`),
    );
  });

  it('answers GET /api/shops/{id} with the rating and GET /api/shops/{id}/reviews as documented', async () => {
    const shop = await api(`/api/shops/${shopId}`, '/api/shops/{id}');
    expect(shop.body.data.rating).toEqual({ value: 3.5, count: 2, distribution: [1, 0, 0, 1, 0], verified_count: 1 });
    const list = await api(`/api/shops/${shopId}/reviews?locale=de-ch&sort=highest`, '/api/shops/{id}/reviews');
    expect(list.status).toBe(200);
    expect(list.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(list.body.data).toEqual([
      {
        id: veraReviewId,
        shop_id: shopId,
        author: 'Vera Visitor',
        published_at: expect.any(String),
        rating: { value: 5 },
        title: 'Fast and friendly',
        body: VERA_TEXT,
        language: 'en',
        verified: true,
        reply: { body: 'Thank you, Vera! See you soon.', replied_at: expect.any(String) },
      },
      expect.objectContaining({ author: null, rating: { value: 2 }, title: null, verified: false, reply: null }),
    ]);
    expect(list.body.meta).toMatchObject({
      total: 2,
      pages: 1,
      page: 1,
      hitsPerPage: 10,
      sort: 'highest',
      defaultSort: 'newest',
      sortOptions: [
        { key: 'newest', selected: false },
        { key: 'highest', selected: true },
        { key: 'lowest', selected: false },
      ],
      rating: { value: 3.5, count: 2, verified_count: 1 },
    });
    const second = await api(
      `/api/shops/${shopId}/reviews?sort=lowest&hitsPerPage=1&page=2`,
      '/api/shops/{id}/reviews',
    );
    expect(second.body.data.map((review: { id: string }) => review.id)).toEqual([veraReviewId]);
    expect(second.body.meta).toMatchObject({ total: 2, pages: 2, page: 2, hitsPerPage: 1 });
  });

  it('answers 400 for bad parameters and 404 for a shop it does not list', async () => {
    const field = async (url: string) => (await api(url, '/api/shops/{id}/reviews')).body.errors[0].field;
    expect(await field(`/api/shops/${shopId}/reviews?sort=best`)).toBe('sort');
    expect(await field(`/api/shops/${shopId}/reviews?hitsPerPage=51`)).toBe('hitsPerPage');
    expect(await field('/api/shops/bad%20id/reviews')).toBe('id');
    const unknown = await api('/api/shops/no-such-shop/reviews', '/api/shops/{id}/reviews');
    expect([unknown.status, unknown.body]).toEqual([404, { message: 'Not found' }]);
  });
});
