import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { AccountType } from '@pc/proto/accounts/v1/types';
import { SaveAdvertisementRequest } from '@pc/proto/affiliates/v1/affiliates';
import { AffiliatesServiceService } from '@pc/proto/affiliates/v1/affiliates';
import { BillingServiceService } from '@pc/proto/billing/v1/billing';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { FeedFormat } from '@pc/proto/offers/v1/types';
import { createServiceClient } from '@pc/kit/grpc/client';
import { eventually } from '@pc/kit/testing/eventually';
import { setupIntentOfCard } from '../../../services/billing/src/test-support/local-card-page';
import { accessibilityViolations } from '../../e2e/support/axe';
import { adminBed, mainText } from './support/admin-bed';

/** The page's errors but the one the refused form's 400 logs (bad input answers 400 by design). */
const beyondRefusal = (errors: readonly string[]) =>
  errors.filter((error) => !error.includes('responded with a status of 400'));

/**
 * The admin panel's invoices and the affiliates panel (issue 42) in Chromium against one
 * `npm start`: a business owner's subscription makes a real invoice (billing's local card
 * provider), staff find it in the invoices overview and open its document; staff create an
 * advertiser, give it an affiliate account, edit all three and remove one of its advertisements,
 * each confirmed and audited by affiliates, and read the postback log; staff edit the category tree. Screenshots: artifacts/screenshots/admin-invoices*.png,
 * admin-affiliates-*.png, admin-category-edit.png.
 */
describe('the admin panel’s invoices and the affiliates panel', () => {
  // Billing's local card provider (its card page), whatever engines the shell points at.
  const bed = adminBed(17, { PAYMENT_PROVIDER: 'local' });
  const address = (service: string) => `127.0.0.1:${bed.platform.grpcPort(service)}`;
  let ownerId = '';

  /** A business owner with a shop, a card and a subscription: billing then records its first invoice. Its user id. */
  async function subscribedOwner(): Promise<string> {
    const accounts = createServiceClient(AccountsServiceService, address('accounts'), { deadlineMs: 20_000 });
    const offers = createServiceClient(OffersServiceService, address('offers'), { deadlineMs: 20_000 });
    const billing = createServiceClient(BillingServiceService, address('billing'), { deadlineMs: 20_000 });
    const { user } = await accounts.register({
      name: 'Invoice Owner',
      email: 'owner@invoices.test',
      password: 'owner-secret-1',
      passwordConfirmation: 'owner-secret-1',
      phone: '',
      accountType: AccountType.ACCOUNT_TYPE_BUSINESS,
      company: 'Rechnung AG',
      termsAccepted: true,
      language: 'de',
      rememberMe: false,
      client: undefined,
    });
    const owner = user!.id;
    const { shop } = await offers.registerShop({
      actorUserId: owner,
      name: 'Rechnung Shop',
      homepageUrl: 'https://rechnung-shop.test/',
      company: 'Rechnung AG',
      commercialRegisterNumber: 'CHE-123.456.789',
      address: { line1: 'Bahnhofstrasse 1', line2: '', zipCode: '8001', city: 'Zürich', country: 'CH' },
      phone: '+41 44 000 00 00',
      email: 'owner@invoices.test',
      countries: ['CH'],
      feedUrl: '',
      feedFormat: FeedFormat.FEED_FORMAT_UNSPECIFIED,
      termsAccepted: true,
      directoryListing: false,
    });
    const returnUrl = `${bed.platform.siteUrl}/account/business/billing`;
    const setup = await billing.createSetupIntent({ actorUserId: owner, returnUrl });
    await billing.updatePaymentMethod({
      actorUserId: owner,
      setupIntentId: await setupIntentOfCard(setup.cardPageUrl, '4242424242424242'),
      paymentMethodId: '',
      billingDetails: undefined,
      returnUrl: '',
    });
    await billing.startSubscription({
      actorUserId: owner,
      shopId: shop!.id,
      planId: 'listing-monthly',
      paymentMethodId: '',
      billingDetails: undefined,
      idempotencyKey: '',
      returnUrl,
    });
    await eventually(
      async () =>
        (await billing.listInvoices({ actorUserId: owner, userId: '', unpaidOnly: false, page: undefined })).invoices
          .length > 0,
      60_000,
    );
    return owner;
  }

  beforeAll(async () => {
    ownerId = await subscribedOwner();
  }, 120_000);

  it('lists every account’s invoices, filters them by shop, status and date, and opens one as its document', async () => {
    const { page, errors } = await bed.open('/admin/login');
    await bed.signIn(page, 'admin', 'root');
    await page.goto(`${bed.admin}/admin/invoices`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Invoices');
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(1);
    // The owner's account (its invoice names the shops only once billing knew the subscription).
    await page.getByLabel('Account').fill(ownerId);
    await Promise.all([page.waitForURL(/account=/), page.getByRole('button', { name: 'Apply' }).click()]);
    expect(await rows.count()).toBe(1);
    const status = (await rows.first().locator('td').nth(2).innerText()).trim();
    expect(['Paid', 'Open']).toContain(status);
    expect(await accessibilityViolations(page)).toEqual([]);
    await bed.shot(page, 'invoices');

    // Another shop's invoices: none. A range that ends before it starts: the field says so.
    await page.goto(`${bed.admin}/admin/invoices?shop=sh_nobody`, { waitUntil: 'networkidle' });
    expect(await mainText(page)).toContain('Nothing matches.');
    // (A page of its own: the browser logs the 400 it answers.)
    const wrong = await bed.open('/admin/invoices?from=2026-05-02&to=2026-05-01');
    expect(await wrong.page.locator('#to-error').innerText()).toBe('Must not be before the start date.');
    await wrong.page.close();

    await page.goto(`${bed.admin}/admin/invoices?account=${encodeURIComponent(ownerId)}`, { waitUntil: 'networkidle' });
    const link = rows.first().locator('a').first();
    const [href, number] = [await link.getAttribute('href'), (await link.innerText()).trim()];
    const document = await page.request.get(new URL(href!, bed.admin).toString());
    expect(document.status()).toBe(200);
    expect(document.headers()['content-type']).toMatch(/^text\/html/);
    expect(document.headers()['content-security-policy']).toContain('sandbox');
    expect(await document.text()).toContain(number);
    const invoice = await bed.browser.context.newPage();
    await invoice.goto(new URL(href!, bed.admin).toString(), { waitUntil: 'networkidle' });
    await bed.shot(invoice, 'invoice-document');
    await invoice.close();

    await page.goto(`${bed.admin}/admin/invoices?lang=de`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Rechnungen');
    await bed.shot(page, 'invoices-de');
    await page.goto(`${bed.admin}/admin/invoices?lang=en`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('creates an advertiser after a confirm step, adds its affiliate account, edits all three, removes an advertisement; affiliates audits each; the postback log', async () => {
    const { page, errors } = await bed.open('/affiliates/login');
    await bed.signIn(page, 'affiliates', 'root');
    expect(new URL(page.url()).pathname).toBe('/admin/affiliates/advertisers');

    // A homepage that is no address: the field says so and nothing is created.
    await page.getByLabel('Name', { exact: true }).fill('Rechnung Shop Ads');
    await page.getByLabel('Kind').selectOption('brand');
    await page.getByLabel('Brand slug').fill('rechnung');
    await page.getByLabel('Homepage').fill('not a url');
    await page.locator('input[name=homepageUrl]').evaluate((input) => input.setAttribute('type', 'text'));
    await page.getByRole('button', { name: 'Create advertiser' }).click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#homepageUrl-error').innerText()).toBe('Enter an http(s) address.');
    expect(await page.locator('tbody').innerText()).not.toContain('Rechnung Shop Ads');

    await page.getByLabel('Homepage').fill('https://rechnung-shop.test/');
    await page.getByRole('button', { name: 'Create advertiser' }).click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#confirm-title').innerText()).toBe(
      'Please confirm: Create the advertiser Rechnung Shop Ads',
    );
    await Promise.all([
      page.waitForURL(/advertisers\/.+done=1/),
      page.getByRole('button', { name: 'Confirm' }).click(),
    ]);
    const advertiserId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

    await page.getByLabel('Network').fill('awin');
    await page.getByLabel('Publisher id').fill('pub-4711');
    await page.getByLabel('Commission (basis points)').fill('450');
    await page.getByRole('button', { name: 'Add affiliate account' }).click();
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Confirm' }).click();
    // Back on the advertiser's page (its URL already said done=1): the new account is listed.
    await page.locator('table.accounts tbody').getByText('pub-4711', { exact: true }).waitFor();

    await createServiceClient(AffiliatesServiceService, address('affiliates'), {
      deadlineMs: 20_000,
    }).saveAdvertisement(
      SaveAdvertisementRequest.fromPartial({
        actorUserId: bed.platform.staffUserId,
        advertisement: {
          advertiserId,
          placement: 'home-hero',
          title: 'Winter sale',
          url: 'https://rechnung-shop.test/sale',
          countries: ['CH'],
          weight: 3,
        },
      }),
    );
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.locator('table.advertisements tbody').innerText()).toContain('home-hero');
    expect(await accessibilityViolations(page)).toEqual([]);
    await bed.shot(page, 'affiliates-advertiser');

    // Edits: the advertiser (a bad homepage is refused by its field; then renamed and deactivated),
    // the account (deactivated), the ad (its weight); each confirmed with before and after.
    await page.getByRole('link', { name: 'Edit Rechnung Shop Ads' }).click();
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Homepage').fill('not a url');
    await page.getByRole('button', { name: 'Save advertiser' }).click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#homepageUrl-error').innerText()).toBe('Enter an http(s) address.');
    await page.getByLabel('Homepage').fill('https://rechnung-shop.test/');
    await page.getByLabel('Name', { exact: true }).fill('Rechnung Shop Werbung');
    await page.getByLabel('Active').selectOption('no');
    await page.getByRole('button', { name: 'Save advertiser' }).click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#confirm-title').innerText()).toBe(
      'Please confirm: Change the advertiser Rechnung Shop Ads',
    );
    const changes = await page.locator('.changes tbody').innerText();
    expect(changes).toContain('Rechnung Shop Werbung');
    expect(changes).toMatch(/Active\s+yes\s+no/);
    expect(changes).not.toContain('Homepage');
    await bed.shot(page, 'affiliates-advertiser-edit');
    await Promise.all([
      page.waitForURL(/advertisers\/[^/]+\?done=1/),
      page.getByRole('button', { name: 'Confirm' }).click(),
    ]);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Rechnung Shop Werbung');
    await page.getByRole('link', { name: 'Edit awin pub-4711' }).click();
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Active').selectOption('no');
    await page.getByRole('button', { name: 'Save affiliate account' }).click();
    await page.waitForLoadState('networkidle');
    await Promise.all([page.waitForURL(/done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);
    expect(await page.locator('table.accounts tbody').innerText()).toMatch(/pub-4711.*\bno\b/s);
    await page.getByRole('link', { name: 'Edit Winter sale' }).click();
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Weight').fill('7');
    await page.getByRole('button', { name: 'Save advertisement' }).click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.changes tbody').innerText()).toMatch(/Weight\s+3\s+7/);
    await Promise.all([page.waitForURL(/done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);
    expect(await page.locator('table.advertisements tbody').innerText()).toMatch(/Winter sale[\s\S]*\b7\b/);
    await page.getByRole('button', { name: 'Remove Winter sale' }).click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.confirm-step').innerText()).toContain('This cannot be undone.');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.locator('table.advertisements tbody').getByText('Nothing matches.').waitFor();
    expect(await page.locator('table.advertisements tbody').innerText()).not.toContain('Winter sale');

    await page.goto(`${bed.admin}/affiliates/advertisers`, { waitUntil: 'networkidle' });
    expect(await page.locator('tbody').innerText()).toContain('Rechnung Shop Werbung');
    await bed.shot(page, 'affiliates-advertisers');
    await page.goto(`${bed.admin}/affiliates/audit`, { waitUntil: 'networkidle' });
    const audit = await page.locator('tbody').innerText();
    for (const action of [
      'advertiser.create',
      'advertiser.update',
      'affiliate_account.create',
      'affiliate_account.update',
      'advertisement.update',
      'advertisement.delete',
    ])
      expect(audit).toContain(action);

    // The postback log: a forged postback is refused, kept with its reason, and its body is there to read.
    const forged =
      '{"transaction_id":"FORGED-1","order_value":{"amount_minor":100,"currency":"CHF"},"status":"pending"}';
    await expect(
      createServiceClient(AffiliatesServiceService, address('affiliates'), { deadlineMs: 20_000 }).recordPostback({
        network: 'forgednet',
        body: Buffer.from(forged),
        signature: `sha256=${'0'.repeat(64)}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
      }),
    ).rejects.toMatchObject({ reason: 'UNKNOWN_NETWORK' });
    await page.goto(`${bed.admin}/affiliates/postbacks?status=unknown_network`, { waitUntil: 'networkidle' });
    const log = await page.locator('tbody').innerText();
    expect(log).toContain('forgednet');
    expect(log).toContain('Unknown network');
    expect(await accessibilityViolations(page)).toEqual([]);
    await bed.shot(page, 'affiliates-postbacks');
    await page.locator('tbody a').first().click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('pre.postback-body').innerText()).toBe(forged);
    expect(await mainText(page)).not.toContain('0'.repeat(64));
    await bed.shot(page, 'affiliates-postback');

    // The EcoTip ledger from the data page: affiliates' stream, as CSV (the ledger may be empty here).
    await bed.signIn(page, 'infrastructure', 'root');
    await page.goto(`${bed.admin}/infrastructure/data`, { waitUntil: 'networkidle' });
    expect(await page.locator('table.exports').innerText()).toContain('EcoTip ledger');
    const ledger = await page.request.get(`${bed.admin}/infrastructure/data/export/ecotip-ledger?format=csv`);
    expect(ledger.status()).toBe(200);
    expect((await ledger.text()).split('\n')[0]).toBe(
      'id,sequence,donation_id,transaction_id,click_id,state,amount_minor,currency,accounting_amount_minor,accounting_currency,fx_rate,month,country,organisation,created_at',
    );
    await page.goto(`${bed.admin}/affiliates/transactions`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Transactions');
    await bed.shot(page, 'affiliates-transactions');
    await page.goto(`${bed.admin}/affiliates/ecotip`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('EcoTip ledger');
    expect(beyondRefusal(errors)).toEqual([]);
    await page.close();
  });

  it('edits the category tree: a new category, its German name, then deletes it while empty; catalog audits each', async () => {
    const { page, errors } = await bed.open('/shopping/login');
    await bed.signIn(page, 'shopping', 'root');
    await page.goto(`${bed.admin}/shopping/categories`, { waitUntil: 'networkidle' });
    // The seeded demo feeds give one tree (ids of the Google taxonomy), each category once.
    const names = await page.locator('.category-tree a').allInnerTexts();
    expect(names).toContain('Electronics');
    expect(new Set(names).size).toBe(names.length);

    await page.getByLabel('English name').fill('Garden Tools');
    await page.getByLabel('German name').fill('Gartenwerkzeug');
    await page.getByLabel('Google product taxonomy id').fill('abc');
    await page.getByRole('button', { name: 'Create category' }).click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#googleProductCategoryId-error').innerText()).toBe('Enter a whole number.');
    await page.getByLabel('Google product taxonomy id').fill('');
    await page.getByRole('button', { name: 'Create category' }).click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#confirm-title').innerText()).toBe('Please confirm: Create the category Garden Tools');
    await Promise.all([page.waitForURL(/categories\/.+done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);

    await page.locator('#rename-language').selectOption('de');
    await page.getByLabel('New name').fill('Gartengeräte');
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.changes tbody').innerText()).toContain('Gartengeräte');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.locator('.category-names').getByText('Gartengeräte').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await bed.shot(page, 'category-edit');

    await page.getByRole('button', { name: 'Delete the category' }).click();
    await page.waitForLoadState('networkidle');
    await Promise.all([page.waitForURL(/categories\?done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);
    expect(await page.locator('.category-tree').innerText()).not.toContain('Garden Tools');
    await page.goto(`${bed.admin}/shopping/audit`, { waitUntil: 'networkidle' });
    const audit = await page.locator('tbody').innerText();
    for (const action of ['category.create', 'category.update', 'category.delete']) expect(audit).toContain(action);
    expect(beyondRefusal(errors)).toEqual([]);
    await page.close();
  });
});
