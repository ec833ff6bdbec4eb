import { accountTestBed, unexpected } from './support/account-test-bed';
import { screenshot } from './support/site';
import { until } from './support/until';
import { alertText, heading, logInOnPage, PASSWORD, register } from './scenarios/account-journeys';
import { priceDropJourney } from './scenarios/price-drop-journey';

/**
 * The account journeys of issue 6 in Debian's Chromium against `npm start`: the price-drop
 * journey (scenarios/price-drop-journey.ts; on the cluster profile: account-cluster.e2e.test.ts); the §8
 * texts of a failed and a throttled sign-in; the sign-in guard and its way back; favourites kept
 * apart between users. The pages themselves (no JavaScript, reset, axe, languages):
 * account-pages.e2e.test.ts.
 */
describe('accounts, favourites, alerts and push in a browser', () => {
  const bed = accountTestBed(6);

  it(
    'registers, verifies, signs in, keeps a favourite, sets an alert, gets the push of a price drop, and signs out',
    () => priceDropJourney(bed),
    180_000,
  );

  it('says the credentials do not match, then how long to wait after too many attempts (spec §8)', async () => {
    // Sign-in is throttled per e-mail address: an address of its own (no account: the same answers).
    const { page, errors } = await bed.open('/en-ch/login');
    expect(await logInOnPage(page, bed.site, 'nobody@example.test', 'wrong-password')).toBe(401);
    expect(await alertText(page, (text) => text !== '')).toBe('These credentials do not match our records.');
    let status = 0;
    for (let attempt = 0; attempt < 6 && status !== 429; attempt += 1)
      status = await logInOnPage(page, bed.site, 'nobody@example.test', `wrong-${attempt}`);
    const text = await alertText(page, (shown) => shown.startsWith('Too many'));
    expect(text).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    // The login modal says the same, over the JSON sign-in of spec §7.
    const modal = await bed.open(bed.productPath());
    await modal.page.locator('.masthead').getByRole('link', { name: 'Log in' }).click();
    const dialog = modal.page.getByRole('dialog');
    await dialog.getByLabel('Email').fill('someone@example.test');
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    expect(
      await until(
        () =>
          dialog
            .getByRole('alert')
            .innerText()
            .catch(() => ''),
        (shown) => shown !== '',
      ),
    ).toBe('These credentials do not match our records.');
    await screenshot(modal.page, 'login-modal');
    // The refused sign-ins answer 401 and 429, which the browser reports as failed loads.
    expect(unexpected([...errors, ...modal.errors], [401, 429])).toEqual([]);
  });

  it('sends a visitor of /account to login with the target, and back there after signing in (spec §2.5)', async () => {
    await register(await bed.browser.context.newPage(), bed.site, 'Ben Beispiel', 'ben@example.test');
    await bed.browser.context.clearCookies(); // signed out, as after closing the browser
    const { page } = await bed.open('/account/favourites');
    expect(page.url()).toBe(`${bed.site}/en-ch/login?redirect=%2Faccount%2Ffavourites`);
    await logInOnPage(page, bed.site, 'ben@example.test', PASSWORD);
    await page.waitForURL(`${bed.site}/account/favourites`);
    expect(await heading(page, 'Your favourites')).toBe('Your favourites');
    // Guest-only: a signed-in user on the login page goes home.
    await page.goto(`${bed.site}/en-ch/login`, { waitUntil: 'networkidle' });
    expect(new URL(page.url()).pathname).toBe('/en-ch');
  });

  it('never shows one user’s favourites to another, through the pages or the API', async () => {
    const carla = await bed.newBrowser();
    try {
      const own = await bed.open('/en-ch', carla);
      await register(own.page, bed.site, 'Carla Beispiel', 'carla@example.test');
      const productId = bed.env.catalogue.products.earbuds.productId;
      // Carla's favourite, through the JSON API as the page's scripts call it (spec §7: the XSRF header from the cookie).
      const added = await own.page.evaluate(async (id) => {
        const token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
        const answer = await fetch('/api/favourites/default/items', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token },
          body: JSON.stringify({ product_id: id }),
        });
        return answer.status;
      }, productId);
      expect(added).toBe(201);
      const lists = await own.page.evaluate(async () => (await fetch('/api/favourites')).json());
      const carlaList = (lists as { data?: { id: string; items_count: number }[] }).data?.[0];
      expect(carlaList?.items_count).toBe(1);
      await own.page.goto(`${bed.site}/en-ch/favourites/${carlaList?.id}`, { waitUntil: 'networkidle' });
      expect(await own.page.locator('.product-card h3').allInnerTexts()).toEqual(['Sony WF-1000XM5 Wireless Earbuds']);
      const { page } = await bed.open('/en-ch'); // another user's browser
      await register(page, bed.site, 'Dan Dritter', 'dan@example.test');
      await page.goto(`${bed.site}/en-ch/favourites/${carlaList?.id}`, { waitUntil: 'networkidle' });
      expect(await page.locator('h1').innerText()).toBe('Page not found');
      expect((await page.goto(`${bed.site}/account/favourites?list=${carlaList?.id}`))?.status()).toBe(404);
      expect(await page.evaluate(async (id) => (await fetch(`/api/favourites/${id}`)).status, carlaList?.id)).toBe(404);
      await page.goto(`${bed.site}/en-ch/favourites/all`, { waitUntil: 'networkidle' });
      expect(await page.locator('.product-card').count()).toBe(0);
    } finally {
      await carla.close();
    }
  });
});
