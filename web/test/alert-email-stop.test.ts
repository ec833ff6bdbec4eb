import { eventually, headphonesPriceDrop as drop } from './platform-fixture';
import { startAccountSite, type AccountSite } from './account-site';
import type { BrowserSession } from './browser-session';
import { renderSitePage } from './site-page';

/**
 * The "stop e-mails" link of a price alert's e-mail (ADR 152) over the real services, each started
 * from its app.ts: Anna's alert on the headphones mails and pushes; the price drops and the mail
 * comes with the link in its text and its List-Unsubscribe header. Opened, the page names the
 * product and asks to confirm, changing nothing; a mail client's one-click POST to the link stops
 * the e-mails and keeps the push. An altered link is a 400 page that changes nothing.
 */

type StopRoute = typeof import('~/routes/alerts.stop-emails');

const SITE = 'http://site.test';
const EMAIL = 'anna@alert-mails.test';

let site: AccountSite;
let route: StopRoute;
let anna: BrowserSession;
let alertId = '';
let link: URL;

/** The route's loader or action answer, as Remix gets it: its data and status. */
type Answer = { data: { view: { state: string; product?: string } }; init: { status?: number } | null };
const open = async (url: URL) =>
  (await route.loader({ request: new Request(url), params: {}, context: {} })) as unknown as Answer;
const post = async (url: URL, body: URLSearchParams) =>
  (await route.action({
    request: new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    }),
    params: {},
    context: {},
  })) as unknown as Answer;
/** The alert's channels as its owner reads them. */
const channels = async () =>
  (await anna.call('get', `/api/alerts/${alertId}`, '/api/alerts/{id}')).body.data.channels as string[];

beforeAll(async () => {
  site = await startAccountSite();
  route = await import('~/routes/alerts.stop-emails');
  await import('~/i18n/messages.server');
  anna = await site.signedIn(EMAIL);
  const created = await anna.call('post', '/api/alerts?locale=en-ch', '/api/alerts', {
    body: {
      product_id: site.catalogue.products.headphones.productId,
      kind: 'target_price',
      target_price: { amount: 26_000, currency: 'CHF' },
      channels: ['push', 'email'],
    },
  });
  expect(created.status).toBe(201);
  alertId = created.body.data.id as string;
  await site.platform.observe([drop(site.catalogue.shopIds.alpenhaus, 25_000)]);
  const mail = await eventually('the alert’s e-mail', async () => site.mail.latest(EMAIL, 'price-alert'));
  link = new URL(/^<(.*)>$/.exec(mail.listUnsubscribe)?.[1] ?? 'http://none');
  expect(mail.text).toContain(`Stop e-mails for this alert: ${link.toString()}`);
  // The site answers on its own host: the same path and query there.
  link = new URL(`${SITE}${link.pathname}${link.search}`);
});

afterAll(async () => {
  await site?.platform.stop();
});

describe('the stop link of an alert e-mail', () => {
  it('opens a page that names the product and asks to confirm, changing nothing', async () => {
    const answer = await open(link);
    expect([answer.init?.status ?? 200, answer.data.view]).toEqual([
      200,
      expect.objectContaining({ state: 'confirm', product: site.catalogue.products.headphones.name }),
    ]);
    const html = await renderSitePage(route, 'alerts/stop-emails', new Request(link));
    expect(html).toContain(`Stop the e-mails of your price alert for ${site.catalogue.products.headphones.name} (CH)?`);
    expect(html).toMatch(/<form method="post"[^>]*>[\s\S]*<input type="hidden" name="token" value="[^"]+"\/>/);
    expect(await channels()).toEqual(['push', 'email']);
  });

  it('refuses an altered link with a 400 page, changing nothing', async () => {
    const altered = new URL(link);
    altered.searchParams.set('token', `${link.searchParams.get('token')?.slice(0, -3)}abc`);
    expect((await open(altered)).init?.status).toBe(400);
    const refused = await post(altered, new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }));
    expect([refused.init?.status, refused.data.view.state]).toEqual([400, 'invalid']);
    const html = await renderSitePage(route, 'alerts/stop-emails', new Request(altered));
    expect(html).toContain('This link is not valid.');
    expect(await channels()).toEqual(['push', 'email']);
  });

  it('stops the e-mails on a mail client’s one-click POST, keeping the push', async () => {
    const stopped = await post(link, new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }));
    expect([stopped.init?.status ?? 200, stopped.data.view.state]).toEqual([200, 'stopped']);
    expect(await channels()).toEqual(['push']);
    // Opened again: it says so, with nothing left to confirm.
    const html = await renderSitePage(route, 'alerts/stop-emails', new Request(link));
    expect(html).toContain(
      `You get no more e-mails from your price alert for ${site.catalogue.products.headphones.name} (CH).`,
    );
    expect(html).not.toContain('<form method="post"');
  });
});
