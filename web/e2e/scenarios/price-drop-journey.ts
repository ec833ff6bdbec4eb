import { headphonesPriceDrop } from '../../test/platform-fixture';
import { unexpected, type AccountTestBed } from '../support/account-test-bed';
import { stubPushManager } from '../support/push-stub';
import { screenshot } from '../support/site';
import { launchBrowser } from '../support/browser';
import { until } from '../support/until';
import {
  logInOnPage,
  logOut,
  mastheadUser,
  notice,
  PASSWORD,
  register,
  REGISTERED,
  verifyFromMail,
} from './account-journeys';

/**
 * Issue 6's journey in a browser: register → verify from the mailed link → log in → favourite →
 * price alert → a price drop published on the event bus → the alert fires and a push reaches our
 * local push service, decrypted → log out. Run on `npm start` and on `npm run start:cluster`.
 */
/** `shots` prefixes the screenshots' names (one set per profile). */
export async function priceDropJourney(bed: AccountTestBed, shots = ''): Promise<void> {
  const email = 'anna@example.test';
  const { page, errors } = await bed.open('/en-ch');
  expect(await register(page, bed.site, 'Anna Muster', email)).toBe(REGISTERED);
  expect(await page.locator('main').innerText()).toContain('Please check your email first');
  expect(await mastheadUser(page, 'Account')).toBe('Account');

  const link = await verifyFromMail(page, bed.env.mail, email);
  expect(link.pathname).toBe('/auth/verify-email');
  expect(new URL(page.url()).search).toBe('?verified=1');
  expect(await notice(page)).toBe('Thank you: your email address is verified.');
  expect(await page.locator('main').innerText()).not.toContain('Please check your email first');
  await screenshot(page, `${shots}account`);

  await logOut(page, bed.site);
  expect(await mastheadUser(page, 'Log in')).toBe('Log in');
  await logInOnPage(page, bed.site, email, PASSWORD);
  await page.waitForURL(`${bed.site}/en-ch`);
  expect(await mastheadUser(page, 'Account')).toBe('Account');

  // The favourite button adds to the default list in place, and the favourites pages show it.
  await page.goto(`${bed.site}${bed.productPath()}`, { waitUntil: 'networkidle' });
  const favourite = page.locator('.product-actions').getByRole('button', { name: 'Add to favourites' });
  await favourite.click();
  expect(
    await until(
      () => favourite.or(page.getByRole('button', { name: 'In your favourites' })).getAttribute('aria-pressed'),
      (v) => v === 'true',
    ),
  ).toBe('true');
  await page.goto(`${bed.site}/en-ch/favourites/all`, { waitUntil: 'networkidle' });
  expect(await page.locator('.product-card h3').allInnerTexts()).toEqual([
    'Sony WH-1000XM5 Wireless Noise Cancelling Headphones',
  ]);

  // The alarm button: a target below the cheapest Swiss offer (CHF 279.00) waits.
  await page.goto(`${bed.site}${bed.productPath()}`, { waitUntil: 'networkidle' });
  await Promise.all([
    page.waitForURL(/\/account\/alerts\?product=/),
    page.getByRole('link', { name: 'Price alert' }).click(),
  ]);
  await page.getByLabel('Target price (CHF)').fill('260');
  await Promise.all([page.waitForURL(/created=armed/), page.getByRole('button', { name: 'Set alert' }).click()]);
  expect(await notice(page)).toBe('Your price alert is set.');
  // Prices are written as Intl writes them: a no-break space after the currency.
  expect(await page.locator('.alert-row').innerText()).toContain('at or below CHF\u00a0260.00');
  expect(await page.locator('.alert-row').getAttribute('data-state')).toBe('armed');

  // Notifications on, through the page's own code path (the push service is our local one).
  const { publicKey } = (await (await fetch(`${bed.site}/api/vapid-public-key`)).json()) as { publicKey: string };
  const subscription = bed.env.push.subscribe(publicKey);
  await stubPushManager(bed.browser.context, subscription);
  await bed.browser.context.grantPermissions(['notifications'], { origin: bed.site });
  await page.reload({ waitUntil: 'networkidle' });
  expect(await page.locator('.push-helper').count()).toBe(0); // permission granted: the helper is hidden
  await page.getByRole('button', { name: 'Enable notifications' }).click();
  await page.getByRole('button', { name: 'Disable notifications' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-key'))).toBe(publicKey);
  await screenshot(page, `${shots}account-alerts`);

  // A visitor's copy of the product page waits in the site's micro-cache (30 s fresh).
  const visit = async () => {
    const answer = await fetch(`${bed.site}${bed.productPath()}`);
    const lowest = /class="price big">([^<]+)</.exec(await answer.text())?.[1] ?? '';
    return { cache: answer.headers.get('x-cache'), lowest: lowest.replace(/\s/g, ' ') };
  };
  // And a search page that lists it, with its lowest price, beside it (ADR 084).
  const listed = async () => {
    const answer = await fetch(`${bed.site}/en-ch/search?search=WH-1000XM5`);
    const html = await answer.text();
    const card = html.slice(html.indexOf('>Sony WH-1000XM5 Wireless Noise Cancelling Headphones<'));
    return { cache: answer.headers.get('x-cache'), price: /<data value="([\d.]+)"/.exec(card)?.[1] };
  };
  // A render that passes the micro-cache by (as a signed-in visitor's does) takes the product's
  // parts from the site process's memory (ADR 093); each on a connection of its own, one after
  // the other, so that every site process renders some (the primary hands connections in turn).
  const rendered = async () => {
    const answer = await fetch(`${bed.site}${bed.productPath()}`, {
      headers: { 'cache-control': 'no-cache', connection: 'close' },
    });
    return (/class="price big">([^<]+)</.exec(await answer.text())?.[1] ?? '').replace(/\s/g, ' ');
  };
  const renderedSix = async () => {
    const prices: string[] = [];
    for (let n = 0; n < 6; n += 1) prices.push(await rendered());
    return prices;
  };
  await Promise.all([visit(), listed(), renderedSix()]);
  expect(await visit()).toEqual({ cache: 'hit', lowest: 'CHF 279.00' });
  expect(await renderedSix()).toEqual(Array(6).fill('CHF 279.00'));
  expect(await listed()).toEqual({ cache: 'hit', price: '279.00' });
  const storedAt = Date.now();
  // The signed-in visitor is served that same stored page (it names no one), which then fetches
  // what their chrome shows (ADR 083): their account link and their favourite. In a browser of its
  // own with their cookies: the test bed's request routing makes Chromium send no-cache, which
  // passes the cache by.
  const own = await launchBrowser();
  try {
    await own.context.addCookies(await bed.browser.context.cookies());
    const tab = await own.context.newPage();
    const shared = await tab.goto(`${bed.site}${bed.productPath()}`, { waitUntil: 'networkidle' });
    expect(shared?.headers()['x-cache']).toBe('hit');
    expect(await mastheadUser(tab, 'Account')).toBe('Account');
    const saved = tab.locator('.product-actions').getByRole('button', { name: 'In your favourites' });
    expect(
      await until(
        () => saved.count(),
        (count) => count === 1,
      ),
    ).toBe(1);
    await screenshot(tab, `${shots}product-from-the-shared-cache`);
  } finally {
    await own.close();
  }

  // A crawler observation lowers the Swiss price to CHF 250.00: the alert fires and pushes.
  await bed.env.observe([headphonesPriceDrop(bed.env.catalogue.shopIds.alpenhaus, 25_000)]);
  // The price event has the site render its stored copy again (ADR 082): the next visitors get
  // the new price from memory, long before the old copy would have expired.
  const after = await until(visit, (page) => page.lowest !== 'CHF 279.00', 20_000);
  expect(after).toEqual({ cache: 'hit', lowest: 'CHF 250.00' });
  // The search page too, once search lists the new price (ListingsChanged).
  const listedAfter = await until(listed, (page) => page.price !== '279.00', 20_000);
  expect(listedAfter).toEqual({ cache: 'hit', price: '250.00' });
  // The kept parts were dropped as the change was heard, in every site process: long before they
  // would have been too old (30 s).
  const renderedAfter = await until(renderedSix, (prices) => prices.every((price) => price === 'CHF 250.00'), 20_000);
  expect(renderedAfter).toEqual(Array(6).fill('CHF 250.00'));
  expect(Date.now() - storedAt).toBeLessThan(25_000);
  const [pushed] = await bed.env.push.waitFor(subscription.id, 1, 60_000);
  expect(JSON.parse(pushed?.payload ?? '{}')).toMatchObject({
    title: `Price alert: ${bed.env.catalogue.products.headphones.name}`,
    body: 'The price is now CHF 250.00 (your target: CHF 260.00).',
    url: bed.productPath(),
  });
  await page.reload({ waitUntil: 'networkidle' });
  expect(await page.locator('.alert-row').getAttribute('data-state')).toBe('fired');

  await logOut(page, bed.site);
  expect(await mastheadUser(page, 'Log in')).toBe('Log in');
  await page.goto(`${bed.site}/account`, { waitUntil: 'networkidle' });
  expect(new URL(page.url()).pathname).toBe('/en-ch/login');
  expect(unexpected(errors)).toEqual([]);
  await page.close();
}
