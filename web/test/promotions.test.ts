import { createServiceClient } from '@pc/kit/grpc/client';
import { AffiliatesServiceService, CreatePromotionRequest } from '@pc/proto/affiliates/v1/affiliates';
import { OffersServiceService, RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { startPlatform, type Platform } from './platform-harness';

/**
 * The promotions page's data and the click-out of a promotion, end to end: the BFF's modules
 * call affiliates (which reads the shop from offers) over real gRPC, each service started from
 * its app.ts with the embedded adapters.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let platform: Platform;
let promotionsPage: typeof import('~/data/promotions.server').promotionsPage;
let siteContext: typeof import('~/site/site-context.server').siteContext;
let gotoLoader: typeof import('~/routes/goto.$locationId').loader;
let runningLocation = '';

beforeAll(async () => {
  platform = await startPlatform();
  // Loaded now: the BFF's config reads the service addresses the platform put in process.env.
  ({ promotionsPage } = await import('~/data/promotions.server'));
  ({ siteContext } = await import('~/site/site-context.server'));
  ({ loader: gotoLoader } = await import('~/routes/goto.$locationId'));
  const offers = createServiceClient(OffersServiceService, platform.addresses.offers);
  const affiliates = createServiceClient(AffiliatesServiceService, platform.addresses.affiliates);
  const { shop } = await offers.registerShop(
    RegisterShopRequest.fromPartial({
      actorUserId: platform.staffUserId,
      name: 'Alpenhaus Elektronik',
      homepageUrl: 'https://alpenhaus.example/',
      countries: ['CH'],
      directoryListing: true,
    }),
  );
  const create = (partial: Partial<CreatePromotionRequest>) =>
    affiliates.createPromotion(
      CreatePromotionRequest.fromPartial({
        actorUserId: platform.staffUserId,
        shopId: shop?.id ?? '',
        url: 'https://alpenhaus.example/aktion',
        language: 'de',
        ...partial,
      }),
    );
  const now = Date.now();
  const running = await create({
    title: 'Kopfhörer-Woche',
    code: 'HIFI10',
    discountPercent: 10,
    countries: ['CH'],
    startsAt: new Date(now - DAY),
    endsAt: new Date(now + 3 * DAY),
  });
  runningLocation = running.promotion?.locationId ?? '';
  await create({
    title: 'Letzte Stunden',
    countries: ['CH'],
    startsAt: new Date(now - DAY),
    endsAt: new Date(now + 2 * HOUR),
  });
  await create({ title: 'Immer günstig', startsAt: new Date(now - DAY) });
  await create({
    title: 'Bald: Wintersale',
    countries: ['CH'],
    startsAt: new Date(now + 2 * DAY),
    endsAt: new Date(now + 9 * DAY),
  });
  await create({
    title: 'Nur in Deutschland',
    countries: ['DE'],
    startsAt: new Date(now - DAY),
    endsAt: new Date(now + DAY),
  });
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const pageFor = (locale: string) =>
  promotionsPage(siteContext(new Request(`http://site.test/${locale}/promotions`), locale));
const click = (locationId: string, query = '') =>
  gotoLoader({
    request: new Request(`http://site.test/goto/${locationId}${query}`),
    params: { locationId },
    context: {},
  });

describe('the promotions page', () => {
  it('shows the country’s running promotions ending soonest first (open-ended last), then the scheduled ones', async () => {
    const page = await pageFor('de-ch');
    expect(page.available).toBe(true);
    expect(page.promotions.map((p) => p.title)).toEqual([
      'Letzte Stunden',
      'Kopfhörer-Woche',
      'Immer günstig',
      'Bald: Wintersale',
    ]);
    expect(page.promotions[1]).toMatchObject({
      shop: 'Alpenhaus Elektronik',
      code: 'HIFI10',
      discountPercent: 10,
      href: `/goto/${runningLocation}?o=promotions&p=promotion`,
    });
    // The countdown needs an end; an open-ended one has none, a scheduled one a start after the render.
    expect(page.promotions[2]?.endsAt).toBeNull();
    expect(Date.parse(page.promotions[3]?.startsAt ?? '')).toBeGreaterThan(page.renderedAt);
  });

  it('shows another country its own promotions and those for everywhere', async () => {
    const country = await pageFor('de-de');
    expect(country.promotions.map((p) => p.title)).toEqual(['Nur in Deutschland', 'Immer günstig']);
  });
});

describe('GET /goto/{locationId} of a promotion', () => {
  it('redirects to the promotion’s landing page through affiliates, with our click id, and 404s an unknown one', async () => {
    const answer = (await click(runningLocation, '?o=promotions&p=promotion')) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toMatch(/^https:\/\/alpenhaus\.example\/aktion\?pc_click=ck_\w+$/);
    await expect(click('pr_unknown')).rejects.toMatchObject({ status: 404 });
  });

  it('answers 404 for an offer location nobody knows, also with a product named', async () => {
    await expect(click('lc_no-such-offer', '?product=p_unknown')).rejects.toMatchObject({ status: 404 });
  });
});

describe('the promotions page without affiliates', () => {
  it('says promotions cannot be loaded instead of claiming there are none', async () => {
    await platform.stopService('affiliates');
    const page = await pageFor('de-ch');
    expect(page).toMatchObject({ available: false, promotions: [] });
  });
});
