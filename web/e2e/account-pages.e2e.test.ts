import { INTERFACE_LANGUAGES } from '../app/i18n/regions';
import { AuthenticatorApp } from '../test/authenticator-app';
import { accessibilityViolations } from './support/axe';
import { accountTestBed, unexpected } from './support/account-test-bed';
import { screenshot } from './support/site';
import { until } from './support/until';
import { WALK_LOCALES } from './scenarios/routes';
import { pricedSince, savedOn } from './scenarios/favourite-saved-price';
import {
  alertText,
  heading,
  logInOnPage,
  logOut,
  notice,
  PASSWORD,
  register,
  REGISTERED,
} from './scenarios/account-journeys';

/** Intl writes a no-break space between a currency and its amount. */
const nbsp = (text: string): string => text.replace(/\u00a0/g, ' ');

/**
 * The account pages in Debian's Chromium against `npm start` (issue 6): the forms without
 * JavaScript, the password reset from the mailed link, axe on every page, every interface
 * language, a favourite's price since it was saved (ADR 143), two-step sign-in with an
 * authenticator app (ADR 153). The journeys: account.e2e.test.ts.
 */
describe('the account pages in a browser', () => {
  const bed = accountTestBed(8);

  it('works without JavaScript: registers, signs out and in, keeps a favourite and sets an alert that fires at once', async () => {
    const plain = await bed.newBrowser({ javaScriptEnabled: false });
    try {
      const { page } = await bed.open('/en-ch', plain);
      expect(await register(page, bed.site, 'Nora Noscript', 'nora@example.test')).toBe(REGISTERED);
      await logOut(page, bed.site);
      expect(await logInOnPage(page, bed.site, 'nora@example.test', PASSWORD)).toBe(302);
      expect(new URL(page.url()).pathname).toBe('/en-ch');
      // The favourite button is a link to the account favourites page, which asks which list.
      await page.goto(`${bed.site}${bed.productPath()}`);
      await Promise.all([
        page.waitForURL(/\/account\/favourites\?add=/),
        page.getByRole('button', { name: 'Add to favourites' }).click(),
      ]);
      await Promise.all([page.waitForURL(/added=1/), page.getByRole('button', { name: 'Add', exact: true }).click()]);
      expect(await notice(page)).toBe('Added to Favourites.');
      expect(await page.locator('.list-editor .product-card h3').allInnerTexts()).toEqual([
        'Sony WH-1000XM5 Wireless Noise Cancelling Headphones',
      ]);
      // A target above the cheapest offer holds already: the alert fires on creation, and says so.
      await page.goto(`${bed.site}${bed.productPath()}`);
      await Promise.all([
        page.waitForURL(/\/account\/alerts\?product=/),
        page.getByRole('link', { name: 'Price alert' }).click(),
      ]);
      await page.getByLabel('Target price (CHF)').fill('300');
      await Promise.all([page.waitForURL(/created=fired/), page.getByRole('button', { name: 'Set alert' }).click()]);
      expect(await notice(page)).toBe('Your price alert is set, and the price already meets it: it fired right away.');
      expect(await page.locator('.alert-row').getAttribute('data-state')).toBe('fired');
      // A form without its CSRF field is refused: "page expired" (spec §8).
      const forged = await page.request.post(`${bed.site}/account/alerts`, {
        form: { intent: 'delete', alert_id: 'x' },
        maxRedirects: 0,
      });
      expect(forged.status()).toBe(419);
    } finally {
      await plain.close();
    }
  });

  it('resets a forgotten password from the mailed link, with the texts of spec §8', async () => {
    const { page, errors } = await bed.open('/en-ch');
    await register(page, bed.site, 'Olga Vergesslich', 'olga@example.test');
    await bed.browser.context.clearCookies();
    await page.goto(`${bed.site}/en-ch/login`, { waitUntil: 'networkidle' });
    await Promise.all([
      page.waitForURL(/forgot-password/),
      page.getByRole('link', { name: 'Forgot your password?' }).click(),
    ]);
    const emailed = 'We have emailed your password reset link. It is valid for 60 minutes.';
    for (const address of ['nobody-here@example.test', 'olga@example.test']) {
      await page.getByLabel('Email').fill(address);
      await page.getByRole('button', { name: 'Email me a reset link' }).click();
      // The same answer for an unknown address: no user enumeration (that address is mailed "no user").
      expect(
        await until(
          () => notice(page),
          (text) => text === emailed,
        ),
      ).toBe(emailed);
      await page.reload({ waitUntil: 'networkidle' });
    }
    await screenshot(page, 'forgot-password');
    const link = bed.env.mail.link('olga@example.test', 'password-reset');
    expect(link.pathname).toBe('/reset-password');
    await page.goto(link.href, { waitUntil: 'networkidle' });
    expect(await page.getByLabel('Email').inputValue()).toBe('olga@example.test');
    await page.getByLabel('New password').fill('brand-new');
    await page.getByLabel('Confirm password').fill('brand-nix');
    await page.getByRole('button', { name: 'Reset password' }).click();
    expect(await page.locator('.field-error').allInnerTexts()).toEqual(['The passwords do not match.']);
    await page.getByLabel('Confirm password').fill('brand-new');
    await Promise.all([
      page.waitForURL(/\/account\?reset=1$/),
      page.getByRole('button', { name: 'Reset password' }).click(),
    ]);
    expect(await notice(page)).toBe('Your password has been reset.');
    await bed.browser.context.clearCookies();
    await page.goto(link.href, { waitUntil: 'networkidle' });
    await page.getByLabel('New password').fill('other-one');
    await page.getByLabel('Confirm password').fill('other-one');
    await page.getByRole('button', { name: 'Reset password' }).click();
    expect(await alertText(page, (text) => text !== '')).toBe('This password reset token is invalid or has expired.');
    expect(await logInOnPage(page, bed.site, 'olga@example.test', 'brand-new')).toBe(202);
    expect(unexpected(errors, [400, 422])).toEqual([]);
  });

  it('passes axe (WCAG 2 A/AA) on every account page, in light and dark', async () => {
    const { page } = await bed.open('/en-ch');
    const visitor = [
      '/en-ch/login',
      '/en-ch/register',
      '/en-ch/forgot-password',
      '/reset-password?token=t&email=a%40example.test',
      '/en-ch/favourites',
    ];
    const violations: string[] = [];
    const check = async (path: string) => {
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(`${bed.site}${path}`, { waitUntil: 'networkidle' });
        for (const line of await accessibilityViolations(page)) violations.push(`${path} ${theme}: ${line}`);
      }
    };
    for (const path of visitor) await check(path);
    await screenshot(page, 'register');
    // The login modal, open over a product page.
    await page.goto(`${bed.site}${bed.productPath()}`, { waitUntil: 'networkidle' });
    await page.locator('.masthead').getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('dialog').waitFor();
    for (const line of await accessibilityViolations(page)) violations.push(`login modal: ${line}`);
    await register(page, bed.site, 'Axel Zugang', 'axel@example.test');
    const product = bed.env.catalogue.products.earbuds.productId;
    await page.goto(`${bed.site}/account/favourites?add=${product}`, { waitUntil: 'networkidle' });
    await Promise.all([page.waitForURL(/added=1/), page.getByRole('button', { name: 'Add', exact: true }).click()]);
    await page.emulateMedia({ colorScheme: 'light' });
    await heading(page, 'Your favourites');
    await screenshot(page, 'account-favourites');
    for (const path of [
      '/account',
      '/account/favourites',
      `/account/alerts?product=${product}&country=ch`,
      `/account/reviews?product=${product}`,
      `/account/reviews?shop=${bed.env.catalogue.shopIds.rheinmarkt}`,
      '/en-ch/favourites',
      '/en-ch/favourites/all',
      '/en-ch/favourites/default',
    ])
      await check(path);
    expect(violations).toEqual([]);
  }, 240_000);

  it('shows the account pages in every interface language without a missing translation or a console error', async () => {
    const { page, errors } = await bed.open('/en-ch');
    await register(page, bed.site, 'Lina Sprachen', 'lina@example.test');
    const product = bed.env.catalogue.products.headphones.productId;
    const problems: string[] = [];
    for (const language of INTERFACE_LANGUAGES) {
      await bed.browser.context.addCookies([{ name: 'lang', value: language, url: bed.site }]);
      for (const path of [
        '/account',
        '/account/favourites',
        `/account/alerts?product=${product}&country=de`,
        `/account/reviews?product=${product}`,
        `/account/reviews?shop=${bed.env.catalogue.shopIds.rheinmarkt}`,
        `/${WALK_LOCALES[language]}/favourites/all`,
        `/${WALK_LOCALES[language]}/forgot-password`,
      ]) {
        errors.length = 0;
        await page.goto(`${bed.site}${path}`, { waitUntil: 'networkidle' });
        const missing = [...(await page.content()).matchAll(/⟦missing:([^⟧]*)⟧/g)].map((m) => m[1]);
        const lang = await page.evaluate(() => document.documentElement.lang);
        if (missing.length > 0 || unexpected(errors).length > 0 || !lang.startsWith(language))
          problems.push(
            `${language} ${path}: lang ${lang}, missing ${missing.join(',')}, errors ${unexpected(errors).join(' | ')}`,
          );
      }
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it('writes a review from the product page once signed in: the product lists it, a second review is refused', async () => {
    const { page, errors } = await bed.open('/en-ch');
    await register(page, bed.site, 'Rita Rezension', 'rita@example.test');
    const { earbuds } = bed.env.catalogue.products;
    const productPath = `/en-ch/products/${earbuds.slug}-p${earbuds.productId}`;
    await page.goto(`${bed.site}${productPath}`, { waitUntil: 'networkidle' });
    await Promise.all([
      page.waitForURL(/\/account\/reviews\?product=/),
      page.getByRole('link', { name: 'Write a review' }).click(),
    ]);
    await heading(page, `Your review of ${earbuds.name}`);
    const write = async (title: string) => {
      await page.getByRole('radio', { name: '4 stars' }).check();
      await page.getByLabel('Title (optional)').fill(title);
      await page.getByLabel('Your review', { exact: true }).fill('They sit well and the case charges fast.');
      await page.getByRole('button', { name: 'Publish review' }).click();
    };
    await write('Good for the train');
    await page.waitForURL(/written=1/);
    expect(await notice(page)).toBe('Thank you: your review is published.');
    await screenshot(page, 'account-review');
    // Back on the product page, the list shows it (catalog has it at once; the page's rating follows its event).
    await Promise.all([
      page.waitForURL((url) => url.pathname === productPath),
      page.getByRole('link', { name: `Back to ${earbuds.name}` }).click(),
    ]);
    const listed = page.locator('.review-list li').filter({ hasText: 'Good for the train' });
    await listed.waitFor();
    expect(await listed.innerText()).toContain('Rita Rezension');
    // A second review of the same product by the same user: catalog refuses it, and the page says so.
    await page.goto(`${bed.site}/account/reviews?product=${earbuds.productId}`, { waitUntil: 'networkidle' });
    await write('Again');
    expect(
      await until(
        () => notice(page),
        (text) => text !== '',
      ),
    ).toBe('You have reviewed this product already.');
    // The refused form's answer (409) is the only failed load.
    expect(unexpected(errors, [409])).toEqual([]);
  });

  it('writes a shop review from the shop page once signed in: the shop page shows it with the rating', async () => {
    const { page, errors } = await bed.open('/en-ch');
    await register(page, bed.site, 'Sina Shopper', 'sina@example.test');
    const shopId = bed.env.catalogue.shopIds.alpenhaus;
    const shopPath = `/en-ch/shops/${shopId}`;
    const violations: string[] = [];
    const axe = async (what: string) => {
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        for (const line of await accessibilityViolations(page)) violations.push(`${what} ${theme}: ${line}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
    };
    await page.goto(`${bed.site}${shopPath}`, { waitUntil: 'networkidle' });
    expect(await page.locator('#reviews').getByText('No reviews yet.').count()).toBe(1);
    await Promise.all([
      page.waitForURL(/\/account\/reviews\?shop=/),
      page.locator('#reviews').getByRole('link', { name: 'Write a review' }).click(),
    ]);
    await heading(page, 'Your review of Alpenhaus Elektronik');
    await axe('review form');
    await page.getByRole('radio', { name: '4 stars' }).check();
    await page.getByLabel('Title (optional, at most 120 characters)').fill('Quick and careful');
    // Too short first: the form says so before sending.
    await page.getByLabel('Your review (20 to 5,000 characters)').fill('Fine.');
    await page.getByRole('button', { name: 'Publish review' }).click();
    expect(await page.locator('#shop-review-body-error').innerText()).toBe('At least 20 characters.');
    await page
      .getByLabel('Your review (20 to 5,000 characters)')
      .fill('The headphones came the next day, well packed, and the invoice was right.');
    await Promise.all([
      page.waitForURL((url) => url.pathname === shopPath),
      page.getByRole('button', { name: 'Publish review' }).click(),
    ]);
    // The writer sees the shop's page rendered for them (ADR 083): the review, the rating, the thanks.
    expect(
      await until(
        () => page.locator('#reviews .notice-done').innerText(),
        (text) => text !== '',
      ),
    ).toBe('Thank you: your review is published.');
    const listed = page.locator('.shop-review-list li').filter({ hasText: 'Quick and careful' });
    await listed.waitFor();
    expect(await listed.innerText()).toContain('Sina Shopper');
    expect(await listed.getByRole('img', { name: '4 of 5 stars' }).count()).toBe(1);
    expect(await page.locator('.shop-rating-value').innerText()).toContain('4.0 of 5');
    // The reviews' heading just below the masthead, which stays on top.
    await page
      .locator('#reviews-heading')
      .evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 90));
    await screenshot(page, 'shop-reviews');
    await axe('shop page');
    // The review page now shows the review, and "Delete my review" instead of the form.
    await page.goto(`${bed.site}/account/reviews?shop=${shopId}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Your review', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete my review' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Publish review' }).count()).toBe(0);
    await axe('own review');
    expect(violations).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
  }, 120_000);

  it('edits the profile, changes the password, and deletes the account only with the password and a confirmation', async () => {
    const { page, errors } = await bed.open('/en-ch');
    await register(page, bed.site, 'Zoe Zweifel', 'zoe@example.test');
    const section = (id: string) => page.locator(`section[aria-labelledby="${id}-heading"]`);
    await section('profile').getByLabel('Name').fill('Zoe Zuversicht');
    await section('profile').getByRole('button', { name: 'Save profile' }).click();
    expect(
      await until(
        () => notice(page),
        (text) => text.startsWith('Your profile'),
      ),
    ).toBe('Your profile has been saved.');
    expect(await section('profile').getByLabel('Name').inputValue()).toBe('Zoe Zuversicht');
    // A business account wants a verified e-mail address first (accounts says so).
    await section('business').getByLabel('Company').fill('Zuversicht AG');
    await section('business').getByRole('button', { name: 'Open a business account' }).click();
    expect(await alertText(page, (text) => text !== '')).toBe(
      'Please check your email first: confirm your address with the link we have sent you.',
    );
    await section('password').getByLabel('Current password').fill('not-my-password');
    await section('password').getByLabel('New password').fill('changed-pass');
    await section('password').getByLabel('Confirm password').fill('changed-pass');
    await section('password').getByRole('button', { name: 'Change password' }).click();
    expect(
      await until(
        () =>
          section('password')
            .getByRole('alert')
            .innerText()
            .catch(() => ''),
        (text) => text !== '',
      ),
    ).toBe('The password is not correct.');
    await section('password').getByLabel('Current password').fill(PASSWORD);
    await section('password').getByLabel('New password').fill('changed-pass');
    await section('password').getByLabel('Confirm password').fill('changed-pass');
    await section('password').getByRole('button', { name: 'Change password' }).click();
    expect(
      await until(
        () =>
          section('password')
            .getByRole('status')
            .innerText()
            .catch(() => ''),
        (text) => text !== '',
      ),
    ).toBe('Your password has been changed. You were signed out everywhere else.');
    // Deleting: the confirmation box first, then the password.
    await section('delete').getByLabel('Password').fill('changed-pass');
    await section('delete').getByRole('button', { name: 'Delete my account' }).click();
    expect(await section('delete').locator('.field-error').allInnerTexts()).toEqual(['Please confirm.']);
    await section('delete').getByLabel('I understand that this cannot be undone.').check();
    await Promise.all([
      page.waitForURL(`${bed.site}/en-ch`),
      section('delete').getByRole('button', { name: 'Delete my account' }).click(),
    ]);
    await page.goto(`${bed.site}/en-ch/login`, { waitUntil: 'networkidle' });
    expect(await logInOnPage(page, bed.site, 'zoe@example.test', 'changed-pass')).toBe(401);
    expect(unexpected(errors, [401, 403, 422])).toEqual([]);
  });

  it('lists where the account is signed in, and signs another browser out from this one', async () => {
    const { page, errors } = await bed.open('/en-ch');
    await register(page, bed.site, 'Lena Laptop', 'lena@example.test');
    const phone = await bed.newBrowser({ viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      const { page: phonePage } = await bed.open('/en-ch/login', phone);
      expect(await logInOnPage(phonePage, bed.site, 'lena@example.test', PASSWORD)).toBeLessThan(400);
      await phonePage.waitForURL((url) => !url.pathname.endsWith('/login'));
      await page.goto(`${bed.site}/account`, { waitUntil: 'networkidle' });
      const section = page.locator('section[aria-labelledby="sessions-heading"]');
      const rows = section.locator('li.session-item');
      // This browser first and marked; the phone, signed in last, with its button.
      expect(await rows.count()).toBe(2);
      expect(await rows.nth(0).locator('.badge').innerText()).toBe('This browser');
      expect(await rows.nth(0).getByRole('button').count()).toBe(0);
      expect(await rows.nth(1).innerText()).toMatch(/Chrome on Linux[\s\S]*Last active .* UTC · signed in .* UTC/);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, 'account-sessions');
      expect(await accessibilityViolations(page)).toEqual([]);

      await rows.nth(1).getByRole('button', { name: 'Sign out Chrome on Linux' }).click();
      expect(
        await until(
          () => notice(page),
          (text) => text !== '',
        ),
      ).toBe('That browser is signed out.');
      // The page reads the list again after the action's answer.
      expect(
        await until(
          () => rows.count(),
          (count) => count === 1,
        ),
      ).toBe(1);
      expect(await section.getByRole('button', { name: 'Sign out everywhere else' }).count()).toBe(0);
      // The phone's next page is a visitor's: the account sends it to log in.
      await phonePage.goto(`${bed.site}/account`, { waitUntil: 'networkidle' });
      expect(new URL(phonePage.url()).pathname).toMatch(/\/login$/);
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('sets up two-step sign-in on the account page, then signs in with the password and a code from the app', async () => {
    const { page, errors } = await bed.open('/en-ch');
    await register(page, bed.site, 'Theo Zweischritt', 'theo@example.test');
    const section = page.locator('section[aria-labelledby="two-step-heading"]');
    await section.getByLabel('Current password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Set up' }).click();
    // The key shown for typing is what the phone's app takes: the codes are computed from it.
    const key = section.locator('.two-step-key');
    await key.waitFor();
    const app = new AuthenticatorApp(await key.innerText());
    expect(await section.getByRole('img', { name: 'QR code for your authenticator app' }).count()).toBe(1);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'two-step-setup');
    expect(await accessibilityViolations(page)).toEqual([]);

    await section.getByLabel('Code from the app').fill(await app.nextCode());
    await section.getByRole('button', { name: 'Turn on' }).click();
    const codes = section.locator('.recovery-code-list li');
    expect(
      await until(
        () => codes.count(),
        (count) => count === 10,
      ),
    ).toBe(10);
    expect(await section.locator('.notice-done').innerText()).toBe('Two-step sign-in is on.');
    expect((await codes.allInnerTexts()).every((code) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(code))).toBe(true);
    // The page reads the account again after the action's answer: then it says it is on.
    expect(
      await until(
        () => section.innerText(),
        (text) => text.includes('Recovery codes left: 10.'),
      ),
    ).toContain('On since');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Signed out, the password alone leads to the code page, which signs in with the app's next code.
    await logOut(page, bed.site);
    await page.goto(`${bed.site}/en-ch/login?redirect=%2Faccount`, { waitUntil: 'networkidle' });
    await logInOnPage(page, bed.site, 'theo@example.test', PASSWORD);
    await page.waitForURL(`${bed.site}/en-ch/login/two-step?redirect=%2Faccount`);
    await heading(page, 'Two-step sign-in');
    expect(await page.getByLabel('Code', { exact: true }).getAttribute('autocomplete')).toBe('one-time-code');
    await page.getByLabel('Code', { exact: true }).fill(await app.nextCode());
    await screenshot(page, 'two-step-sign-in');
    expect(await accessibilityViolations(page)).toEqual([]);
    await Promise.all([page.waitForURL(`${bed.site}/account`), page.getByRole('button', { name: 'Continue' }).click()]);
    await heading(page, 'Your account');
    expect(await section.innerText()).toMatch(/On since .*\. Recovery codes left: 10\./);
    expect(unexpected(errors)).toEqual([]);
  }, 120_000);

  it('stops an alert’s e-mails from the link in its mail: the page names the product, one button stops them', async () => {
    const { page, errors } = await bed.open('/en-ch');
    await register(page, bed.site, 'Erik Mailstop', 'erik@example.test');
    // A target above the cheapest offer: the alert fires at once, by push and e-mail.
    await page.goto(`${bed.site}${bed.productPath()}`, { waitUntil: 'networkidle' });
    await Promise.all([
      page.waitForURL(/\/account\/alerts\?product=/),
      page.getByRole('link', { name: 'Price alert' }).click(),
    ]);
    await page.getByLabel('Target price (CHF)').fill('300');
    await page.getByLabel('Also tell me by email').check();
    await Promise.all([page.waitForURL(/created=fired/), page.getByRole('button', { name: 'Set alert' }).click()]);
    const mail = await until(
      async () => bed.env.mail.latest('erik@example.test', 'price-alert'),
      (found) => found !== undefined,
    );
    const link = new URL(/Stop e-mails for this alert: (\S+)/.exec(mail?.text ?? '')?.[1] ?? 'http://none');
    expect(mail?.listUnsubscribe).toBe(`<${link.toString()}>`);

    await page.goto(`${bed.site}${link.pathname}${link.search}`, { waitUntil: 'networkidle' });
    expect(await heading(page, 'Price alert e-mails')).toBe('Price alert e-mails');
    expect(await page.locator('main').innerText()).toContain(
      'Stop the e-mails of your price alert for Sony WH-1000XM5 Wireless Noise Cancelling Headphones (CH)?',
    );
    await screenshot(page, 'alert-stop-emails');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Stop e-mails' }).click();
    expect(
      await until(
        () =>
          page
            .getByRole('status')
            .innerText()
            .catch(() => ''),
        (text) => text !== '',
      ),
    ).toBe(
      'You get no more e-mails from your price alert for Sony WH-1000XM5 Wireless Noise Cancelling Headphones (CH).',
    );
    // The alert is still there, and still pushes.
    const listed = await page.request.get(`${bed.site}/api/alerts`, {
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(((await listed.json()) as { data: { channels: string[] }[] }).data.map((a) => a.channels)).toEqual([
      ['push'],
    ]);
    expect(unexpected(errors)).toEqual([]);
  });

  it('says on the favourites page what a favourite cost on the day it was saved, and how much it dropped since', async () => {
    const dayMs = 86_400_000;
    const savedDay = new Date(Math.floor(Date.now() / dayMs) * dayMs - 3 * dayMs);
    // A shop has asked CHF 309.00 since three days ago (the price history has that day's low).
    const product = await pricedSince(bed.env, savedDay, 30900);
    const { page, errors } = await bed.open('/en-ch');
    await register(page, bed.site, 'Paula Preisbewusst', 'paula@example.test');
    await page.goto(`${bed.site}/en-ch/products/${product.productId}`, { waitUntil: 'networkidle' });
    const favourite = page.locator('.product-actions').getByRole('button', { name: 'Add to favourites' });
    await favourite.click();
    expect(
      await until(
        () => favourite.or(page.getByRole('button', { name: 'In your favourites' })).getAttribute('aria-pressed'),
        (pressed) => pressed === 'true',
      ),
    ).toBe('true');
    // Kept three days ago in the afternoon: the days a browser test cannot wait for.
    await savedOn(bed.env, product.productId, new Date(savedDay.getTime() + 15 * 3_600_000));
    const card = page.locator('.product-grid > li').filter({ hasText: product.name });
    const show = async () => {
      await page.goto(`${bed.site}/en-ch/favourites/all`, { waitUntil: 'networkidle' });
      return {
        price: nbsp(await card.locator('.card-price').innerText()),
        saved: (await card.locator('.saved-price').allInnerTexts()).map(nbsp),
      };
    };
    // The price as when it was saved: the card says nothing of a change.
    expect(await until(show, (shown) => shown.price.includes('CHF 309.00'), 15_000)).toEqual({
      price: expect.stringContaining('CHF 309.00'),
      saved: [],
    });
    // The shop lowers its price to CHF 279.00.
    await product.drop(27900);
    const day = new Intl.DateTimeFormat('en-CH', { dateStyle: 'medium', timeZone: 'UTC' }).format(savedDay);
    expect(await until(show, (shown) => shown.price.includes('CHF 279.00') && shown.saved.length > 0, 15_000)).toEqual({
      price: expect.stringContaining('CHF 279.00'),
      saved: [`was CHF 309.00 when you saved it on ${day} (\u2212CHF 30.00, \u22129.7%)`],
    });
    // The note sits in the item, under its card, not over what follows.
    const [item, productCard, note] = await Promise.all(
      [card, card.locator('.product-card'), card.locator('.saved-price')].map((at) => at.boundingBox()),
    );
    expect(note!.y).toBeGreaterThanOrEqual(productCard!.y + productCard!.height - 1);
    expect(note!.y + note!.height).toBeLessThanOrEqual(item!.y + item!.height + 1);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'favourites-saved-price');
    expect(unexpected(errors)).toEqual([]);
  });
});
