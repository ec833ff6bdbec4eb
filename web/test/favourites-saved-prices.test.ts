import { join } from 'node:path';
import { createServiceClient } from '@pc/kit/grpc/client';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { startAccountSite, type AccountSite } from './account-site';
import type { BrowserSession } from './browser-session';
import { eventually, swissFeedOffer } from './platform-fixture';
import { renderSitePage } from './site-page';

/**
 * A favourite says how its price moved since it was saved (ADR 143), over the real services. The
 * headphones cost CHF 309.00 three days ago (a shop's offer then, the only one) and CHF 279.00
 * today (the seeded Alpenhaus offer); saved three days ago, the card says so, with the day and the
 * drop. The Bose, saved twenty days ago before any history, says nothing. The JSON API's
 * favourites answers carry the same comparison as `saved_price`.
 */

type AllRoute = typeof import('~/routes/$locale.favourites.all');
const DAY_MS = 86_400_000;

let site: AccountSite;
let route: AllRoute;
let cookie = '';
let session: BrowserSession;
const savedDay = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 3 * DAY_MS);

beforeAll(async () => {
  site = await startAccountSite();
  route = await import('~/routes/$locale.favourites.all');
  await import('~/i18n/messages.server');
  const { headphones, bose } = site.catalogue.products;
  const past = swissFeedOffer({
    shopId: site.catalogue.shopIds.rheinmarkt,
    shopOfferId: 'headphones-past',
    url: 'https://rheinmarkt.example/p/headphones-past',
    title: 'Sony WH-1000XM5 Wireless Headphones',
    brand: 'Sony',
    gtin: '4548736132610',
    mpn: 'WH1000XM5B.CE7',
    categoryPath: 'Electronics > Audio > Headphones',
    price: 30900,
  });
  await site.platform.observe([{ ...past, observedAt: new Date(savedDay.getTime() + 9 * 3_600_000) }]);

  const email = 'saver@favourites.test';
  session = await site.signedIn(email);
  cookie = [...session.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  const accounts = createServiceClient(AccountsServiceService, site.platform.addresses.accounts);
  const { user } = await accounts.login({ email, password: 'secret-pass', rememberMe: false, client: undefined });
  const userId = user?.id ?? '';
  for (const product of [bose, headphones])
    await accounts.addFavourite({ actorUserId: userId, listId: '', productId: product.productId, note: '' });
  // Saved on earlier days: accounts stamps now, so the test dates the items back in its store.
  const documents = await openEmbeddedDocumentStore({
    path: join(site.platform.dataDir, 'accounts', 'documents.sqlite'),
  });
  const items = await documents.collection<{ _id: string; productId: string; addedAt: string }>({
    name: 'favourite_items',
  });
  for (const item of await items.find({ userId }))
    await items.put({
      ...item,
      addedAt: new Date(
        savedDay.getTime() + (item.productId === bose.productId ? -17 * DAY_MS : 15 * 3_600_000),
      ).toISOString(),
    });
  await documents.close();

  const offers = (await import('~/services/offers.server')).offers;
  await eventually('the past price in the headphones’ history', async () => {
    const { prices } = await offers.getLowestPricesOn({
      items: [{ productId: headphones.productId, day: savedDay }],
      country: 'CH',
      displayCurrency: '',
    });
    return prices[0]?.lowestPrice?.amountMinor === 30900 ? prices : undefined;
  });
}, 120_000);

afterAll(async () => {
  await site?.platform.stop();
});

const render = (locale: string) =>
  renderSitePage(
    route,
    ':locale/favourites/all',
    new Request(`http://site.test/${locale}/favourites/all`, { headers: { cookie } }),
  );

const cardItem = (html: string, name: string) =>
  [...html.matchAll(/<li>(?:(?!<\/li>)[\s\S])*?<\/li>/g)].map((m) => m[0]).find((item) => item.includes(name)) ?? '';

describe('the favourites page', () => {
  it('shows the price on the day an item was saved, the day and the drop since', async () => {
    const html = await render('en-ch');
    const headphones = cardItem(html, site.catalogue.products.headphones.name);
    expect(headphones).toContain('CHF\u00a0279.00');
    const day = new Intl.DateTimeFormat('en-CH', { dateStyle: 'medium', timeZone: 'UTC' }).format(savedDay);
    expect(headphones).toContain(`was CHF\u00a0309.00 when you saved it on ${day} (\u2212CHF\u00a030.00, \u22129.7%)`);
  });

  it('writes it in the page’s language and number format', async () => {
    const html = await render('de-ch');
    const headphones = cardItem(html, site.catalogue.products.headphones.name);
    const day = new Intl.DateTimeFormat('de-CH', { dateStyle: 'medium', timeZone: 'UTC' }).format(savedDay);
    // Swiss German writes a decimal point, and a space before the percent sign.
    expect(headphones).toContain(
      `war CHF\u00a0309.00, als Sie es am ${day} gespeichert haben (\u2212CHF\u00a030.00, \u22129.7 %)`,
    );
  });

  it('shows no comparison for an item saved on a day without history', async () => {
    const bose = cardItem(await render('en-ch'), site.catalogue.products.bose.name);
    expect(bose).toContain('CHF\u00a0379.00');
    expect(bose).not.toContain('when you saved it');
    expect(bose).not.toContain('since you saved it');
  });
});

describe('the favourites API', () => {
  const savedPriceOf = (items: { product_id: string; saved_price: unknown }[], productId: string) =>
    items.find((item) => item.product_id === productId)?.saved_price;
  const headphonesSaved = () => ({
    day: savedDay.toISOString().slice(0, 10),
    price: { amount: 30900, currency: 'CHF' },
    change: -3000,
    percent: -9.7,
  });

  it('answers every favourite with the price on its saved day and the change since, as documented', async () => {
    // The session checks the answer against docs/api/openapi.yaml.
    const { status, body } = await session.call('get', '/api/favourites/all?locale=en-ch', '/api/favourites/all');
    const { headphones, bose } = site.catalogue.products;
    expect(status).toBe(200);
    expect(savedPriceOf(body.data, headphones.productId)).toEqual(headphonesSaved());
    expect(savedPriceOf(body.data, bose.productId)).toBeNull();
  });

  it('answers the same on a list’s items', async () => {
    const { status, body } = await session.call('get', '/api/favourites/default', '/api/favourites/{list}');
    const { headphones, bose } = site.catalogue.products;
    expect(status).toBe(200);
    expect(savedPriceOf(body.data.items, headphones.productId)).toEqual(headphonesSaved());
    expect(savedPriceOf(body.data.items, bose.productId)).toBeNull();
  });
});
