import { status as GrpcStatus } from '@grpc/grpc-js';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { AccountsStaffServiceService } from '@pc/proto/accounts/v1/staff';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { CatalogServiceService, MatchProductRequest, UpdateProductRequest } from '@pc/proto/catalog/v1/catalog';
import { ListOffersRequest, OffersServiceService } from '@pc/proto/offers/v1/offers';
import { createServiceClient } from '@pc/kit/grpc/client';
import { accessibilityViolations } from '../../e2e/support/axe';
import { launchBrowser } from '../../e2e/support/browser';
import { adminBed, mainText, STAFF } from './support/admin-bed';

/**
 * The staff admin app (issue 42) in Debian's Chromium against one `npm start`: each panel's own
 * sign-in, main screens and writes (confirmed, audited), a 403 across panels — in the browser and
 * in the service —, bad input, no JavaScript, German. Screenshots: artifacts/screenshots/admin-*.png.
 */
describe('the staff admin app', () => {
  const bed = adminBed(12, {
    // Destructive writes always ask for the password again; the affiliates panel times out fast.
    ADMIN_REAUTH_MINUTES: '0',
    ADMIN_IDLE_MINUTES: 'affiliates=0.05',
  });

  describe('the frame: panels, sign-in per panel, roles', () => {
    it('lists the five panels, never to be indexed', async () => {
      const { page, errors } = await bed.open('/');
      expect(await page.locator('.panel-list strong').allInnerTexts()).toEqual([
        'Shopping',
        'Admin',
        'Infrastructure',
        'Affiliates',
        'Crawler',
      ]);
      expect(await page.locator('meta[name=robots]').getAttribute('content')).toBe('noindex, nofollow');
      const answer = await page.request.get(`${bed.admin}/`);
      expect(answer.headers()['x-robots-tag']).toBe('noindex, nofollow');
      expect(await (await page.request.get(`${new URL(bed.admin).origin}/robots.txt`)).text()).toBe(
        'User-agent: *\nDisallow: /\n',
      );
      expect(await accessibilityViolations(page)).toEqual([]);
      await bed.shot(page, 'panels');
      expect(errors).toEqual([]);
      await page.close();
    });

    it('signs in to one panel only; another panel asks again and refuses a user without its role (403)', async () => {
      const { page } = await bed.open('/admin/users');
      expect(new URL(page.url()).pathname).toBe('/admin/admin/login');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Sign in to the Admin panel');
      await bed.shot(page, 'login');
      await bed.signIn(page, 'admin', 'crawler');
      expect(await mainText(page)).toContain(
        'Your account does not hold the role staff:admin, which this panel needs.',
      );
      await bed.shot(page, '403');

      // The crawler panel takes the same user; the admin panel still does not.
      await bed.signIn(page, 'crawler', 'crawler');
      expect(new URL(page.url()).pathname).toBe('/admin/crawler/hosts');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Hosts');
      await bed.shot(page, 'hosts');
      const refused = await page.request.get(`${bed.admin}/admin/users`, { maxRedirects: 0 });
      expect(refused.status()).toBe(302);
      expect(refused.headers().location).toContain('/admin/admin/login');
      await page.close();
    });

    it('checks the role in the service too: staff:crawler cannot grant roles over gRPC', async () => {
      const accounts = createServiceClient(
        AccountsStaffServiceService,
        `127.0.0.1:${bed.platform.grpcPort('accounts')}`,
        { deadlineMs: 10_000 },
      );
      const { page } = await bed.open('/crawler/login');
      await bed.signIn(page, 'crawler', 'crawler');
      const crawlerUser = await page.request.get(`${bed.admin}/crawler/audit`);
      expect(crawlerUser.status()).toBe(200);
      await page.close();
      const searched = accounts.searchUsers({
        actorUserId: await userIdOf(STAFF.crawler.email),
        query: '',
        panel: 0,
        lockedOnly: false,
        unverifiedOnly: false,
        businessOnly: false,
        order: 0,
        page: undefined,
      });
      await expect(searched).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
      const granted = accounts.grantStaffRole({
        actorUserId: await userIdOf(STAFF.crawler.email),
        userId: await userIdOf(STAFF.crawler.email),
        panel: AdminPanel.ADMIN_PANEL_ADMIN,
      });
      await expect(granted).rejects.toMatchObject({
        code: GrpcStatus.PERMISSION_DENIED,
        reason: 'STAFF_ROLE_REQUIRED',
      });
    });

    it("ends a panel's session after its own idle time", async () => {
      const { page } = await bed.open('/affiliates/login');
      await bed.signIn(page, 'affiliates', 'root');
      expect(new URL(page.url()).pathname).toMatch(/^\/admin\/affiliates\//);
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      await page.reload({ waitUntil: 'networkidle' });
      expect(new URL(page.url()).pathname).toBe('/admin/affiliates/login');
      expect(await mainText(page)).toContain('You were signed out after');
      await page.close();
    });
  });

  describe('the admin panel: users and roles', () => {
    it('finds users in a table the server sorts, filters and pages', async () => {
      const { page, errors } = await bed.open('/admin/login');
      await bed.signIn(page, 'admin', 'root');
      expect(new URL(page.url()).pathname).toBe('/admin/admin/users');
      const emails = () => page.locator('tbody td:first-child').allInnerTexts();
      await page.getByRole('link', { name: 'Sort by E-mail' }).click();
      await page.waitForLoadState('networkidle');
      const sorted = await emails();
      expect(sorted).toEqual([...sorted].sort());
      expect(await page.locator('th[aria-sort]').innerText()).toContain('E-mail');
      await page.getByLabel('Role', { exact: true }).selectOption('crawler');
      await Promise.all([page.waitForURL(/role=crawler/), page.getByRole('button', { name: 'Apply' }).click()]);
      // root holds every panel's role, crawl only staff:crawler.
      expect(await emails()).toEqual([STAFF.crawler.email, STAFF.root.email]);
      expect(await accessibilityViolations(page)).toEqual([]);
      await bed.shot(page, 'users');
      expect(errors).toEqual([]);
      await page.close();
    });

    it('grants a role after a confirm step, refuses bad input, and audits the change', async () => {
      const { page } = await bed.open('/admin/users?role=crawler');
      await page.getByRole('link', { name: STAFF.crawler.email }).click();
      await page.waitForLoadState('networkidle');
      // An empty lock reason: a field error, nothing changed.
      await page.getByRole('button', { name: 'Lock' }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#reason-error').innerText()).toBe('Required.');
      expect(await mainText(page)).not.toContain('Locked:');

      await page.getByLabel('Role', { exact: true }).selectOption('shopping');
      await page.getByRole('button', { name: 'Grant role' }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#confirm-title').innerText()).toBe(
        `Please confirm: Grant staff:shopping to ${STAFF.crawler.email}`,
      );
      expect(await page.locator('.changes tbody').innerText()).toContain('staff:crawler, staff:shopping');
      await bed.shot(page, 'confirm');
      await Promise.all([page.waitForURL(/done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);
      expect(await page.locator('.roles').innerText()).toContain('staff:shopping');

      await page.goto(`${bed.admin}/admin/audit`, { waitUntil: 'networkidle' });
      const first = page.locator('tbody tr').first();
      expect(await first.innerText()).toContain('user.grant_role');
      expect(await first.innerText()).toContain(STAFF.root.email);
      await bed.shot(page, 'audit');
      await page.close();
    });

    it('asks for the password again before a destructive write, and works without JavaScript', async () => {
      const plain = await launchBrowser({ javaScriptEnabled: false });
      try {
        const { page } = await bed.open('/admin/login', plain);
        await bed.signIn(page, 'admin', 'keeper');
        const created = bed.createStaff('temp@staff.test', 'temp-secret', 'affiliates');
        expect(created).toContain('temp@staff.test: created');
        await page.goto(`${bed.admin}/admin/users?q=temp%40staff`, { waitUntil: 'networkidle' });
        await page.getByRole('link', { name: 'temp@staff.test' }).click();
        await page.getByRole('button', { name: 'Delete user' }).click();
        expect(await page.locator('.confirm-step').innerText()).toContain('This cannot be undone.');
        await page.getByLabel('Enter your password again to confirm this.').fill('wrong-password');
        await page.getByRole('button', { name: 'Confirm' }).click();
        expect(await page.locator('#_password-error').innerText()).toBe('The password is not right.');
        await page.getByLabel('Enter your password again to confirm this.').fill(STAFF.keeper.password);
        await page.getByRole('button', { name: 'Confirm' }).click();
        expect(new URL(page.url()).pathname).toBe('/admin/admin/users');
        await page.goto(`${bed.admin}/admin/users?q=temp%40staff`);
        expect(await mainText(page)).toContain('Nothing matches.');
      } finally {
        await plain.close();
      }
    });

    it('speaks German', async () => {
      const { page } = await bed.open('/admin/users?lang=de');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Benutzer');
      await page.goto(`${bed.admin}/admin/users?lang=en`);
      await page.close();
    });
  });

  describe("the shopping panel: products (the site's edit link lands here)", () => {
    it("edits a product's German name after a confirm step; catalog refuses a bad GTIN; the write is audited", async () => {
      const { page, errors } = await bed.open('/shopping/login');
      await bed.signIn(page, 'shopping', 'root');
      expect(new URL(page.url()).pathname).toBe('/admin/shopping/products');
      const rows = page.locator('tbody tr');
      expect(await rows.count()).toBeGreaterThan(0);
      await bed.shot(page, 'products');
      await page.locator('tbody td:first-child a').first().click();
      await page.waitForLoadState('networkidle');
      const productPath = new URL(page.url()).pathname;
      expect(productPath).toMatch(/^\/admin\/shopping\/products\/.+/);
      await page.getByRole('link', { name: 'de', exact: true }).click();
      await page.waitForLoadState('networkidle');

      // A GTIN with a wrong check digit: catalog's field error, nothing changed.
      await page.getByLabel('GTINs').fill('4006381333932');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.waitForLoadState('networkidle');
      await Promise.all([page.waitForLoadState('networkidle'), page.getByRole('button', { name: 'Confirm' }).click()]);
      expect(await page.locator('#gtins-error').innerText()).not.toBe('');

      await page.goto(`${bed.admin}${productPath.slice('/admin'.length)}?language=de`, { waitUntil: 'networkidle' });
      await page.getByLabel('Name (de)').fill('Testprodukt Deutsch');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('.changes tbody').innerText()).toContain('Testprodukt Deutsch');
      await bed.shot(page, 'product-confirm');
      await Promise.all([page.waitForURL(/done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Testprodukt Deutsch');

      await page.goto(`${bed.admin}/shopping/audit`, { waitUntil: 'networkidle' });
      const first = page.locator('tbody tr').first();
      expect(await first.innerText()).toContain('product.update');
      expect(await first.innerText()).toContain(STAFF.root.email);
      expect(await first.textContent()).toContain('Testprodukt Deutsch');
      await bed.shot(page, 'shopping-audit');
      // The refused GTIN was answered 400, as bad input is; nothing else went wrong.
      expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
      await page.close();
    });

    it("edits a product's image gallery and attributes: only http(s) URLs, confirmed, shown as saved", async () => {
      const { page, errors } = await bed.open('/shopping/login');
      await bed.signIn(page, 'shopping', 'shopper');
      await page.locator('tbody td:first-child a').nth(1).click();
      await page.waitForLoadState('networkidle');
      const images = page.getByLabel('Images', { exact: true });
      const attributes = page.getByLabel('Attributes', { exact: true });
      const [main = ''] = (await images.inputValue()).split('\n');

      // A non-http(s) URL is refused by the form (400), nothing is sent to catalog.
      await images.fill(`https://img.example.test/side.jpg\njavascript:alert(1)`);
      await Promise.all([
        page.waitForLoadState('networkidle'),
        page.getByRole('button', { name: 'Save changes' }).click(),
      ]);
      expect(await page.locator('#images-error').innerText()).toBe('Enter an http(s) address.');

      const gallery = ['https://img.example.test/side.jpg', main].filter(Boolean);
      await images.fill(gallery.join('\n'));
      await attributes.fill('Colour: Graphite\nDisplay / Size: 6.1 in');
      await Promise.all([
        page.waitForLoadState('networkidle'),
        page.getByRole('button', { name: 'Save changes' }).click(),
      ]);
      const changes = await page.locator('.changes tbody').innerText();
      expect(changes).toContain('https://img.example.test/side.jpg');
      expect(changes).toContain('Display / Size: 6.1 in');
      await bed.shot(page, 'product-gallery-confirm');
      await Promise.all([page.waitForURL(/done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);
      expect((await images.inputValue()).split('\n')).toEqual(gallery);
      expect(await attributes.inputValue()).toBe('Colour: Graphite\nDisplay / Size: 6.1 in');
      await bed.shot(page, 'product-gallery');
      expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
      await page.close();
    });

    it('refuses a user without staff:shopping (403), in the app and in catalog', async () => {
      const { page } = await bed.open('/shopping/login');
      await bed.signIn(page, 'shopping', 'infrastructure');
      expect(await mainText(page)).toContain(
        'Your account does not hold the role staff:shopping, which this panel needs.',
      );
      await page.close();
      const catalog = createServiceClient(CatalogServiceService, `127.0.0.1:${bed.platform.grpcPort('catalog')}`, {
        deadlineMs: 10_000,
      });
      const { products } = await catalog.listProducts({
        brandSlug: '',
        categoryId: '',
        includeDescendants: false,
        includeInactive: false,
        order: 0,
        page: undefined,
        language: 'en',
      });
      const edit = catalog.updateProduct(
        UpdateProductRequest.fromPartial({
          productId: products[0]?.id ?? '',
          actorUserId: await userIdOf(STAFF.infrastructure.email),
          texts: [{ language: 'en', name: 'Hijacked', description: '' }],
        }),
      );
      await expect(edit).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED, reason: 'STAFF_ROLE_REQUIRED' });
    });
  });

  describe('the shopping panel: moderation (duplicates, offers)', () => {
    const catalog = () =>
      createServiceClient(CatalogServiceService, `127.0.0.1:${bed.platform.grpcPort('catalog')}`, {
        deadlineMs: 10_000,
      });
    const offers = () =>
      createServiceClient(OffersServiceService, `127.0.0.1:${bed.platform.grpcPort('offers')}`, {
        deadlineMs: 10_000,
      });
    const firstProducts = (hitsPerPage: number) =>
      catalog().listProducts({
        brandSlug: '',
        categoryId: '',
        includeDescendants: false,
        includeInactive: false,
        order: 0,
        page: { page: 1, hitsPerPage },
        language: 'en',
      });
    const TITLE = 'Moccamaster KBG Select filter coffee maker 10 cups polished silver';
    // Sign-ins (and each password asked again) count 5 a minute per address and IP: root has used
    // its share by now, and each of these users signs in and confirms with the password twice.
    const MODERATOR = { email: 'moderator@staff.test', password: 'moderator-secret' };
    const REVIEWER = { email: 'reviewer@staff.test', password: 'reviewer-secret' };
    const SPLITTER = { email: 'splitter@staff.test', password: 'splitter-secret' };
    beforeAll(() => {
      for (const user of [MODERATOR, REVIEWER, SPLITTER])
        expect(bed.createStaff(user.email, user.password, 'shopping')).toContain('created');
    });

    it('merges a duplicate after a confirm step that shows the matcher’s evidence and what moves', async () => {
      // The same machine under two spellings of its brand: matching keeps within a brand, so it
      // became two products, the duplicate staff merge.
      const kept = await catalog().matchProduct(
        MatchProductRequest.fromPartial({
          shopId: 'e2e-shop-a',
          shopOfferId: 'kbg-1',
          title: TITLE,
          brand: 'Technivorm',
          language: 'en',
          createIfMissing: true,
        }),
      );
      const duplicate = await catalog().matchProduct(
        MatchProductRequest.fromPartial({
          shopId: 'e2e-shop-b',
          shopOfferId: 'kbg-2',
          title: TITLE,
          brand: 'Technivorm Moccamaster',
          language: 'en',
          createIfMissing: true,
        }),
      );
      expect(duplicate.productId).not.toBe(kept.productId);

      const { page, errors } = await bed.open('/shopping/login');
      await bed.signIn(page, 'shopping', MODERATOR);
      const productPath = `/shopping/products/${encodeURIComponent(kept.productId)}`;
      await page.goto(`${bed.admin}${productPath}`, { waitUntil: 'networkidle' });
      await page.getByRole('link', { name: 'Possible duplicates' }).click();
      await page.waitForLoadState('networkidle');
      const candidates = await page.locator('.duplicates').innerText();
      expect(candidates).toContain(duplicate.productId);
      expect(candidates).toContain('title keys');
      expect(candidates).toContain('Features that drove it');
      expect(await accessibilityViolations(page)).toEqual([]);

      // Bad input: the product itself, an id nobody has — field errors, nothing merged.
      const typed = page.getByLabel('Product id to merge into this one');
      await typed.fill(kept.productId);
      await page.getByRole('button', { name: 'Compare and merge' }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#sourceId-error').innerText()).toBe('A product cannot be merged into itself.');
      await page.getByLabel('Product id to merge into this one').fill('p-nobody-has-this');
      await page.getByRole('button', { name: 'Compare and merge' }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#sourceId-error').innerText()).toBe('No product has this id.');

      await page.getByLabel('Product id to merge into this one').fill(duplicate.productId);
      await page.getByRole('button', { name: 'Compare and merge' }).click();
      await page.waitForLoadState('networkidle');
      const confirm = await page.locator('.confirm-step').innerText();
      expect(confirm).toContain('Deciding rule');
      expect(confirm).toContain('the titles (match model)');
      expect(confirm).toContain('Shop offers');
      expect(await page.locator('.changes tbody').innerText()).toContain('move to the kept product');
      await bed.shot(page, 'shopping-merge-evidence');
      await page.getByLabel('Enter your password again to confirm this.').fill(MODERATOR.password);
      await Promise.all([page.waitForURL(/done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);
      const merged = await catalog().getProduct({ productId: duplicate.productId, language: 'en' });
      expect(merged.product?.mergedIntoProductId).toBe(kept.productId);
      expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
      await page.close();
    });

    it('hides an offer, flags a wrong match and splits an offer off; the site’s offers read follows; offers audits them', async () => {
      const { products } = await firstProducts(40);
      const listedOf = async (productId: string) =>
        (
          await offers().listOffers(
            ListOffersRequest.fromPartial({ productId, country: '*', page: { page: 1, hitsPerPage: 100 } }),
          )
        ).offers.map((offer) => offer.id);
      let productId = '';
      let listed: string[] = [];
      for (const product of products) {
        listed = await listedOf(product.id);
        if (listed.length >= 2) {
          productId = product.id;
          break;
        }
      }
      expect(listed.length).toBeGreaterThanOrEqual(2);
      const [hiddenId, flaggedId] = listed as [string, string];

      const { page, errors } = await bed.open('/shopping/login');
      await bed.signIn(page, 'shopping', MODERATOR);
      await page.goto(`${bed.admin}/shopping/products/${encodeURIComponent(productId)}`, { waitUntil: 'networkidle' });
      await page.getByRole('link', { name: 'Offers', exact: true }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('table.offers tbody tr').count()).toBeGreaterThanOrEqual(2);
      expect(await accessibilityViolations(page)).toEqual([]);

      const hideRow = page.locator(`#offer-${hiddenId}`);
      await hideRow.getByRole('button', { name: 'Hide' }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#reason-error').innerText()).toBe('Required.');
      await page.locator(`#offer-${hiddenId}`).getByLabel('Reason').first().fill('Grey import without warranty');
      await page.locator(`#offer-${hiddenId}`).getByRole('button', { name: 'Hide' }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('.changes tbody').innerText()).toContain('Grey import without warranty');
      await Promise.all([page.waitForURL(/done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);
      expect(await page.locator(`#offer-${hiddenId}`).innerText()).toContain('no: hidden');
      expect(await listedOf(productId)).not.toContain(hiddenId);
      await bed.shot(page, 'shopping-offers');

      const flagRow = page.locator(`#offer-${flaggedId}`);
      await flagRow.getByLabel('Reason').last().fill('A refurbished unit, not this product');
      await flagRow.getByRole('button', { name: 'Wrong match' }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('.changes tbody').innerText()).toContain('matched anew without this product');
      await bed.shot(page, 'shopping-wrong-match');
      await page.getByLabel('Enter your password again to confirm this.').fill(MODERATOR.password);
      await Promise.all([page.waitForURL(/done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);
      expect(await page.locator(`#offer-${flaggedId}`).count()).toBe(0);
      expect(await listedOf(productId)).not.toContain(flaggedId);

      // Split: the (hidden) offer moves to another product; without a pick, a field error.
      const target = products.find((product) => product.id !== productId)?.id ?? '';
      await page.getByLabel('Product id they move to').fill(target);
      await page.getByLabel('Why they are another product').fill('Another model');
      await page.getByRole('button', { name: 'Split off' }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#offers-error').innerText()).toBe('Pick at least one offer.');
      await page.locator(`#offer-${hiddenId}`).getByRole('checkbox').check();
      await page.getByLabel('Product id they move to').fill(target);
      await page.getByLabel('Why they are another product').fill('Another model');
      await page.getByRole('button', { name: 'Split off' }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('.changes tbody').innerText()).toContain('Another model');
      await bed.shot(page, 'shopping-split');
      await page.getByLabel('Enter your password again to confirm this.').fill(MODERATOR.password);
      await Promise.all([page.waitForURL(/done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);
      expect(await page.locator(`#offer-${hiddenId}`).count()).toBe(0);
      await page.goto(`${bed.admin}/shopping/products/${encodeURIComponent(target)}/offers`, {
        waitUntil: 'networkidle',
      });
      expect(await page.locator(`#offer-${hiddenId}`).innerText()).toContain('no: hidden');

      await page.goto(`${bed.admin}/shopping/products/${encodeURIComponent(target)}/offers?lang=de`, {
        waitUntil: 'networkidle',
      });
      expect(await page.locator(`#offer-${hiddenId}`).innerText()).toContain('nein: ausgeblendet');
      await page.goto(`${bed.admin}/shopping/audit?service=offers&lang=en`, { waitUntil: 'networkidle' });
      const audit = await mainText(page);
      expect(audit).toContain('offer.flag-wrong-match');
      expect(audit).toContain('offer.hide');
      expect(audit).toContain('offer.split');
      expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
      await page.close();
    });

    it('splits an offer and a GTIN off to a new product it names; the new product carries them; catalog audits the creation', async () => {
      const { products } = await firstProducts(60);
      let source: (typeof products)[number] | undefined;
      let movingId = '';
      for (const product of products.filter((candidate) => candidate.gtins.length > 0).reverse()) {
        const { offers: listed } = await offers().listOffers(
          ListOffersRequest.fromPartial({ productId: product.id, country: '*', page: { page: 1, hitsPerPage: 100 } }),
        );
        if (listed.length >= 2) {
          source = product;
          movingId = listed[0]?.id ?? '';
          break;
        }
      }
      expect(movingId).not.toBe('');
      const gtin = source?.gtins[0] ?? '';

      const { page, errors } = await bed.open('/shopping/login');
      await bed.signIn(page, 'shopping', SPLITTER);
      await page.goto(`${bed.admin}/shopping/products/${encodeURIComponent(source?.id ?? '')}/offers`, {
        waitUntil: 'networkidle',
      });
      await page.locator(`#offer-${movingId}`).getByRole('checkbox').check();
      await page.getByRole('checkbox', { name: gtin }).check();
      await page.getByRole('radio', { name: 'To a new product' }).check();
      await page.getByLabel('Why they are another product').fill('The travel edition is its own model');
      // A new product needs its English name: a field error, nothing written.
      await page.getByRole('button', { name: 'Split off' }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#name_en-error').innerText()).toBe('Required.');
      expect(await page.getByRole('radio', { name: 'To a new product' }).isChecked()).toBe(true);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByLabel('Name of the new product (en)').fill('Travel edition split off');
      await page.getByLabel('Name of the new product (de)').fill('Reiseausgabe abgetrennt');
      await page.getByRole('button', { name: 'Split off' }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#confirm-title').innerText()).toContain(
        'Create the product Travel edition split off and move 1 offers to it',
      );
      expect(await page.locator('.confirm-facts').innerText()).toContain('Reiseausgabe abgetrennt');
      const changes = await page.locator('.changes tbody').innerText();
      expect(changes).toContain(`GTIN ${gtin}`);
      expect(changes).toContain('the new product Travel edition split off');
      await bed.shot(page, 'shopping-split-new');
      await page.getByLabel('Enter your password again to confirm this.').fill(SPLITTER.password);
      await Promise.all([page.waitForURL(/done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);

      // The panel lands on the new product's offers, with the moved offer.
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Offers of Travel edition split off');
      expect(await page.locator(`#offer-${movingId}`).count()).toBe(1);
      const createdId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-2) ?? '');
      const created = (await catalog().getProduct({ productId: createdId, language: 'de' })).product;
      expect(created).toMatchObject({ name: 'Reiseausgabe abgetrennt', gtins: [gtin] });
      expect(created?.brand?.id).toBe(source?.brand?.id);
      const left = (await catalog().getProduct({ productId: source?.id ?? '', language: 'en' })).product;
      expect(left?.gtins).not.toContain(gtin);
      const { offers: movedListed } = await offers().listOffers(
        ListOffersRequest.fromPartial({ productId: createdId, country: '*', page: { page: 1, hitsPerPage: 100 } }),
      );
      expect(movedListed.map((offer) => offer.id)).toEqual([movingId]);
      await page.goto(`${bed.admin}/shopping/products/${encodeURIComponent(createdId)}/offers?lang=de`, {
        waitUntil: 'networkidle',
      });
      expect(await page.getByRole('radio', { name: 'Zu einem neuen Produkt' }).count()).toBe(1);
      expect(await page.getByLabel('Name des neuen Produkts (de)').count()).toBe(1);

      await page.goto(`${bed.admin}/shopping/audit?service=catalog&lang=en`, { waitUntil: 'networkidle' });
      const audit = await mainText(page);
      expect(audit).toContain('product.create');
      expect(audit).toContain('product.split');
      expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
      await page.close();
    });

    it('deletes a review from the queue with a reason, after the password again', async () => {
      const { page, errors } = await bed.open('/shopping/login');
      await bed.signIn(page, 'shopping', REVIEWER);
      await page.goto(`${bed.admin}/shopping/reviews`, { waitUntil: 'networkidle' });
      const rows = page.locator('tbody tr');
      expect(await rows.count()).toBeGreaterThan(0);
      await page.getByLabel('Rating', { exact: true }).selectOption('5');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).searchParams.get('rating')).toBe('5');
      const first = rows.first();
      expect(await first.innerText()).toContain('5/5');
      expect(await accessibilityViolations(page)).toEqual([]);
      const reviewId = (await first.locator('input[name=reviewId]').getAttribute('value')) ?? '';
      await bed.shot(page, 'shopping-reviews');

      await first.getByRole('button', { name: 'Delete review' }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#reason-error').innerText()).toBe('Required.');
      await page.locator('tbody tr').first().getByLabel('Reason').fill('Advertises another shop');
      await page.locator('tbody tr').first().getByRole('button', { name: 'Delete review' }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('.changes tbody').innerText()).toContain('Advertises another shop');
      await page.getByLabel('Enter your password again to confirm this.').fill(REVIEWER.password);
      await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST'),
        page.getByRole('button', { name: 'Confirm' }).click(),
      ]);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).searchParams.get('rating')).toBe('5');
      expect(await page.locator('.confirm-step').count()).toBe(0);
      expect(await page.locator(`input[name=reviewId][value="${reviewId}"]`).count()).toBe(0);
      expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
      await page.close();
    });
  });

  describe('the admin panel: shops', () => {
    it('suspends a shop after a confirm step with the password again; offers audits it', async () => {
      const { page, errors } = await bed.open('/admin/login');
      await bed.signIn(page, 'admin', 'root');
      await page.goto(`${bed.admin}/admin/shops?status=active`, { waitUntil: 'networkidle' });
      expect(await page.locator('tbody tr').count()).toBeGreaterThan(0);
      await bed.shot(page, 'shops');
      const name = await page.locator('tbody td:first-child a').first().innerText();
      await page.locator('tbody td:first-child a').first().click();
      await page.waitForLoadState('networkidle');
      // No reason: a field error, nothing changed.
      await page.getByLabel('New status').selectOption('suspended');
      await page.getByRole('button', { name: 'Change status' }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#reason-error').innerText()).toBe('Required.');
      expect(await page.locator('.shop-status').innerText()).toBe('Active');

      await page.getByLabel('New status').selectOption('suspended');
      await page.getByLabel('Reason').fill('unpaid invoices');
      await page.getByRole('button', { name: 'Change status' }).click();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#confirm-title').innerText()).toBe(`Please confirm: Set ${name} to Suspended`);
      await page.getByLabel('Enter your password again to confirm this.').fill(STAFF.root.password);
      await Promise.all([page.waitForURL(/done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);
      expect(await page.locator('.shop-status').innerText()).toBe('Suspended');

      await page.goto(`${bed.admin}/admin/audit?service=offers`, { waitUntil: 'networkidle' });
      const first = page.locator('tbody tr').first();
      expect(await first.innerText()).toContain('shop.set_status');
      expect(await first.innerText()).toContain(STAFF.root.email);
      expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
      await page.close();
    });
  });

  describe('the infrastructure panel: services', () => {
    it("shows every service live and ready, with its dependencies' checks", async () => {
      const { page, errors } = await bed.open('/infrastructure/login');
      await bed.signIn(page, 'infrastructure', 'infrastructure');
      expect(new URL(page.url()).pathname).toBe('/admin/infrastructure/services');
      const rows = await page.locator('tbody tr').allInnerTexts();
      expect(rows.length).toBeGreaterThanOrEqual(8);
      for (const service of ['catalog', 'offers', 'search', 'accounts'])
        expect(rows.find((row) => row.startsWith(service))).toMatch(/Yes\s+Ready/);
      expect(await accessibilityViolations(page)).toEqual([]);
      await bed.shot(page, 'services');
      expect(errors).toEqual([]);
      await page.close();
    });
  });

  let rootId: Promise<string> | undefined;
  /**
   * root's id, from one sign-in through accounts (sign-ins are throttled per address, so only
   * once): the staff:admin user the test driver acts for when it reads the staff API.
   */
  const rootUserId = (): Promise<string> =>
    (rootId ??= createServiceClient(AccountsServiceService, `127.0.0.1:${bed.platform.grpcPort('accounts')}`)
      .login({ email: STAFF.root.email, password: STAFF.root.password, rememberMe: false, client: undefined })
      .then((signedIn) => signedIn.user?.id ?? ''));

  /** A user's id from accounts' staff API, read for root (the driver is no staff on its own). */
  async function userIdOf(email: string): Promise<string> {
    const accounts = createServiceClient(
      AccountsStaffServiceService,
      `127.0.0.1:${bed.platform.grpcPort('accounts')}`,
      { deadlineMs: 10_000 },
    );
    const { users } = await accounts.searchUsers({
      actorUserId: await rootUserId(),
      query: email,
      panel: 0,
      lockedOnly: false,
      unverifiedOnly: false,
      businessOnly: false,
      order: 0,
      page: undefined,
    });
    return users.find((user) => user.email === email)?.id ?? '';
  }
});
