import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { createServiceClient } from '@pc/kit/grpc/client';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import { runInTrace } from '@pc/kit/telemetry/trace-context';
import { AccountsStaffServiceService } from '@pc/proto/accounts/v1/staff';
import { Availability, Condition } from '@pc/proto/common/v1/commerce';
import { ObservationSource, OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { Events } from '@pc/proto/event-catalog';
import { EventBusAdminServiceService } from '@pc/proto/staff/v1/event_bus';
import { accessibilityViolations } from '../../e2e/support/axe';
import { adminBed, mainText, STAFF } from './support/admin-bed';

/**
 * The infrastructure panel's event bus, dead letters and search indices, and the crawler panel's
 * URL schedule, extraction rules and feed analyses (issue 42 points 4 and 7), in Debian's
 * Chromium against one `npm start`. Screenshots: artifacts/screenshots/admin-*.png.
 */
describe('the infrastructure and crawler panels', () => {
  const bed = adminBed(12, { ADMIN_REAUTH_MINUTES: '0' });
  const topic = 'e2e-admin.parcel-weighed.v1';
  const group = 'e2e-admin-weigher';
  let bus: EventBus;
  let subscription: Subscription;
  let failing = true;
  const consumed: string[] = [];

  beforeAll(async () => {
    // A consumer of the platform's own event log that fails until told otherwise: its event dead-letters.
    bus = openEmbeddedEventBus({ path: join(bed.platform.dataDir, 'events', 'log.sqlite') });
    subscription = await bus.subscribe({
      group,
      topics: [topic],
      retry: { maxAttempts: 2, initialBackoffMs: 10, maxBackoffMs: 10 },
      handler: async (record) => {
        if (failing) throw new Error('scale not calibrated');
        consumed.push(Buffer.from(record.value).toString('utf8'));
      },
    });
  }, 60_000);

  afterAll(async () => {
    await subscription?.stop();
    await bus?.close();
  });

  const waitFor = async (what: string, check: () => boolean | Promise<boolean>) => {
    for (let tries = 0; tries < 300; tries += 1) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`gave up waiting: ${what}`);
  };

  it('dead-letters an event, shows it, replays it after a confirm step, and the consumer handles it', async () => {
    await bus.publish([{ topic, key: 'parcel-7', value: Buffer.from('{"grams":1250}') }]);
    const { page, errors } = await bed.open('/infrastructure/login');
    await bed.signIn(page, 'infrastructure', 'infrastructure');
    await waitFor('the dead letter listed', async () => {
      await page.goto(`${bed.admin}/infrastructure/dead-letters?topic=${topic}`, { waitUntil: 'networkidle' });
      return (await page.locator('tbody tr').count()) === 1 && (await mainText(page)).includes('parcel-7');
    });
    expect(await mainText(page)).toContain('Error: scale not calibrated');
    expect(await accessibilityViolations(page)).toEqual([]);
    await bed.shot(page, 'dead-letters');

    await page.getByRole('link', { name: topic }).click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('pre.json').innerText()).toBe('{"grams":1250}');
    await bed.shot(page, 'dead-letter');

    await page.getByRole('button', { name: 'Replay parcel-7' }).click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#confirm-title').innerText()).toContain(
      `Please confirm: Send the dead letter of ${topic} (key parcel-7) back to its topic`,
    );
    failing = false;
    await Promise.all([page.waitForURL(/done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);
    await waitFor('the replayed event handled', () => consumed.includes('{"grams":1250}'));
    await page.goto(`${bed.admin}/infrastructure/dead-letters?topic=${topic}`, { waitUntil: 'networkidle' });
    expect(await mainText(page)).toContain('Nothing matches.');
    expect(await mainText(page)).not.toContain('parcel-7');

    // The topic, its dead-letter topic and the group, caught up.
    await page.goto(`${bed.admin}/infrastructure/topics?q=e2e-admin`, { waitUntil: 'networkidle' });
    expect(await page.locator('tbody td:first-child').allInnerTexts()).toEqual([topic, `${topic}.dlq`]);
    await bed.shot(page, 'topics');
    await page.goto(`${bed.admin}/infrastructure/consumer-groups?q=${group}`, { waitUntil: 'networkidle' });
    expect((await page.locator('tbody tr').first().innerText()).replace(/\s+/g, ' ')).toContain(`${group} ${topic} 0`);
    await page.goto(`${bed.admin}/infrastructure/consumer-groups`, { waitUntil: 'networkidle' });
    expect(await page.locator('tbody tr').count()).toBeGreaterThan(5);
    await bed.shot(page, 'consumer-groups');

    // Audited by the service that owns the API.
    await page.goto(`${bed.admin}/infrastructure/audit`, { waitUntil: 'networkidle' });
    expect(await page.locator('tbody tr').first().innerText()).toContain('dead_letter.replay');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the search indices and rebuilds them after a confirm step', async () => {
    const { page, errors } = await bed.open('/infrastructure/indices');
    if (new URL(page.url()).pathname.endsWith('/login')) await bed.signIn(page, 'infrastructure', 'infrastructure');
    await page.goto(`${bed.admin}/infrastructure/indices`, { waitUntil: 'networkidle' });
    const products = page.locator('tbody tr', { hasText: 'Products' });
    expect(Number(await products.locator('td').first().innerText())).toBeGreaterThanOrEqual(40);
    // Its size on disk, measured by search (off its query thread) a moment ago.
    expect(await products.locator('td.index-storage').innerText()).toMatch(
      /^[\d.,]+ (KiB|MiB|GiB)\s+measured \d+ (seconds?|minutes?) ago$/,
    );
    await bed.shot(page, 'indices');
    await page.getByRole('button', { name: 'Rebuild every index' }).click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#confirm-title').innerText()).toBe('Please confirm: Rebuild the search indices');
    await Promise.all([page.waitForURL(/done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);
    await page.goto(`${bed.admin}/infrastructure/audit`, { waitUntil: 'networkidle' });
    expect(await page.locator('tbody tr').first().innerText()).toContain('search-index.rebuild');

    // The rebuild is a durable job of search, in the job dashboard with its progress in its log.
    await waitFor('the rebuild job succeeded', async () => {
      await page.goto(`${bed.admin}/infrastructure/jobs?service=search&kind=search.rebuild-index`, {
        waitUntil: 'networkidle',
      });
      return (await mainText(page)).includes('Succeeded');
    });
    await bed.shot(page, 'infra-rebuild-jobs');
    await Promise.all([
      page.waitForLoadState('networkidle'),
      page.locator('.data-table tbody tr').first().getByRole('link').click(),
    ]);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('search.rebuild-index');
    expect(await page.locator('.job-log').innerText()).toContain('every index rebuilt');
    await bed.shot(page, 'infra-rebuild-job');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lists each service with its replicas, versions and instance names', async () => {
    const { page, errors } = await bed.open('/infrastructure/login');
    await bed.signIn(page, 'infrastructure', 'infrastructure');
    await page.goto(`${bed.admin}/infrastructure/services`, { waitUntil: 'networkidle' });
    const rows = await page.locator('tbody tr').allInnerTexts();
    // `npm start` runs one instance of each on 127.0.0.1, which names its package version.
    for (const service of ['catalog', 'search', 'crawler', 'notifications'])
      expect(rows.find((row) => row.startsWith(service))).toMatch(/1 of 1 live\s+.+\/\d+: 0\.1\.0/);
    await bed.shot(page, 'infra-services');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("lists the services' recent warnings: by service and level, a record's details, its trace", async () => {
    // An observation no shop could have sent (its URL is no web address), published as the crawler
    // publishes, inside a trace of its own: offers skips it with a warning in that trace.
    const traceId = randomBytes(16).toString('hex');
    const shopOfferId = `e2e-logs-${randomBytes(4).toString('hex')}`;
    const observation = OfferObserved.fromPartial({
      observationId: `e2e-logs-shop:${shopOfferId}:1`,
      shopId: 'e2e-logs-shop',
      shopOfferId,
      url: 'javascript:alert(1)',
      title: 'Parcel scale',
      price: { amountMinor: 4_900, currency: 'CHF' },
      availability: Availability.AVAILABILITY_IN_STOCK,
      condition: Condition.CONDITION_NEW,
      country: 'CH',
      language: 'en',
      observedAt: new Date(),
      source: ObservationSource.OBSERVATION_SOURCE_FEED,
    });
    await runInTrace(`00-${traceId}-${randomBytes(8).toString('hex')}-01`, () =>
      createEventPublisher(bus, 'crawler').publish(Events.offerObserved, `e2e-logs-shop:${shopOfferId}`, observation),
    );

    const { page, errors } = await bed.open('/infrastructure/login');
    await bed.signIn(page, 'infrastructure', 'infrastructure');
    const row = page.locator('tbody tr', { hasText: shopOfferId });
    await waitFor('the warning listed', async () => {
      await page.goto(`${bed.admin}/infrastructure/logs`, { waitUntil: 'networkidle' });
      return (await row.count()) === 1;
    });
    expect(await row.locator('td').nth(1).innerText()).toBe('warning');
    expect(await row.locator('td').nth(2).innerText()).toBe('offers');

    // By service: offers' records only; another service's page has not this one.
    const filters = page.getByRole('search');
    await filters.getByLabel('Service').selectOption('offers');
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('service') === 'offers'),
      filters.getByRole('button', { name: 'Apply' }).click(),
    ]);
    await page.waitForLoadState('networkidle');
    expect(await row.count()).toBe(1);
    expect(new Set(await page.locator('tbody tr td:nth-child(3)').allInnerTexts())).toEqual(new Set(['offers']));
    // By level: errors and worse leave the warning out.
    await page.getByRole('search').getByLabel('Level').selectOption('error');
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('level') === 'error'),
      page.getByRole('search').getByRole('button', { name: 'Apply' }).click(),
    ]);
    await page.waitForLoadState('networkidle');
    expect(await row.count()).toBe(0);
    expect(await page.locator('tbody tr td:nth-child(2)').allInnerTexts()).not.toContain('warning');
    await page.getByRole('search').getByLabel('Level').selectOption('warn');
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('level') === 'warn'),
      page.getByRole('search').getByRole('button', { name: 'Apply' }).click(),
    ]);
    await page.waitForLoadState('networkidle');

    // The record's details: its instance and fields, the reason offers gave.
    await row.locator('summary').click();
    const details = row.locator('details');
    await expect(details.getAttribute('open')).resolves.toBe('');
    expect(await details.locator('summary').innerText()).toMatch(/^offer observation skipped/);
    expect(await details.locator('dd').first().innerText()).not.toBe('');
    const fields = await details.locator('pre').innerText();
    expect(fields).toContain('"reason": "url_invalid"');
    expect(fields).toContain(`"shopOfferId": "${shopOfferId}"`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await bed.shot(page, 'infrastructure-logs');

    // Its trace: the page narrowed to the records of the trace the observation was published in.
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('trace') === traceId),
      row.getByRole('link', { name: `Every record of trace ${traceId}` }).click(),
    ]);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#filter-log-trace').inputValue()).toBe(traceId);
    expect(await page.locator('tbody tr td:nth-child(5)').allInnerTexts()).toEqual([traceId]);
    expect(await row.count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the services' caches and lifts sign-in rate limits after a confirm step with the password", async () => {
    const { page, errors } = await bed.open('/infrastructure/login');
    await bed.signIn(page, 'infrastructure', 'infrastructure');
    await page.goto(`${bed.admin}/infrastructure/caches`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Caches');
    // Signing in counted against accounts' sign-in windows: they show as a rate-limit group.
    const accounts = page.getByRole('region', { name: 'Cache of accounts' });
    const logins = accounts.locator('tbody tr', { hasText: 'login: (rate limit)' });
    expect(Number(await logins.locator('td').first().innerText())).toBeGreaterThanOrEqual(2);
    expect(await accessibilityViolations(page)).toEqual([]);
    await bed.shot(page, 'infra-caches');

    await Promise.all([page.waitForURL(/service=accounts/), logins.getByRole('link', { name: 'login:' }).click()]);
    await page.waitForLoadState('networkidle');
    const keys = page.getByRole('region', { name: 'Keys of accounts' });
    expect(await keys.innerText()).toContain(`login:email:${STAFF.infrastructure.email}`);
    await keys.scrollIntoViewIfNeeded();
    await bed.shot(page, 'infra-cache-keys');

    await Promise.all([
      page.waitForLoadState('networkidle'),
      page.getByRole('button', { name: 'Lift the rate limits login: of accounts' }).click(),
    ]);
    expect(await page.locator('#confirm-title').innerText()).toBe(
      'Please confirm: Delete the keys and rate-limit windows of accounts that start with login:',
    );
    await page.getByLabel('Enter your password again to confirm this.').fill(STAFF.infrastructure.password);
    await Promise.all([page.waitForURL(/done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);
    expect(await mainText(page)).toMatch(/\d+ keys deleted\./);
    await bed.shot(page, 'infra-caches-flushed');

    await page.goto(`${bed.admin}/infrastructure/audit?service=accounts`, { waitUntil: 'networkidle' });
    expect(await page.locator('tbody tr').first().innerText()).toContain('cache.flush');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("refuses a user with another panel's role (403), in the app and in the service", async () => {
    const { page } = await bed.open('/infrastructure/login');
    await bed.signIn(page, 'infrastructure', 'crawler');
    expect(await mainText(page)).toContain('does not hold the role staff:infrastructure');
    await bed.shot(page, 'infrastructure-403');
    await page.close();

    const accounts = createServiceClient(
      AccountsStaffServiceService,
      `127.0.0.1:${bed.platform.grpcPort('accounts')}`,
      { deadlineMs: 10_000 },
    );
    const { users } = await accounts.searchUsers({
      actorUserId: bed.platform.staffUserId,
      query: STAFF.crawler.email,
      panel: 0,
      lockedOnly: false,
      unverifiedOnly: false,
      businessOnly: false,
      order: 0,
      page: undefined,
    });
    const admin = createServiceClient(EventBusAdminServiceService, `127.0.0.1:${bed.platform.grpcPort('search')}`, {
      deadlineMs: 10_000,
    });
    await expect(
      admin.replayDeadLetters({ actorUserId: users[0]?.id ?? 'unknown', id: '', all: true, originalTopic: '' }),
    ).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED, reason: 'STAFF_ROLE_REQUIRED' });
  });

  it("lists the crawler's URL schedule, re-crawls one now, tries rules on it live, and shows feed analyses", async () => {
    const { page, errors } = await bed.open('/crawler/login');
    await bed.signIn(page, 'crawler', 'crawler');
    await waitFor('URLs in the schedule', async () => {
      await page.goto(`${bed.admin}/crawler/urls?status=active`, { waitUntil: 'networkidle' });
      return (await page.locator('tbody tr').count()) > 0;
    });
    await bed.shot(page, 'urls');
    // How often each page's price changes, and its interval in a unit a fast mover's 40 s survives.
    expect(await page.locator('thead').innerText()).toContain('Price changes a day');
    expect(await page.locator('tbody tr').first().innerText()).toMatch(/\d+ (sec|min|hr)/);
    const url = await page.locator('tbody td:first-child').first().innerText();
    await page.getByRole('button', { name: 'Re-crawl now' }).first().click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#confirm-title').innerText()).toBe(`Please confirm: Crawl ${url} again now`);
    await Promise.all([page.waitForURL(/done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);
    expect(await mainText(page)).toContain('Saved.');

    // Rules tried on the page live: a selector that does not compile is refused, good ones read it.
    const host = new URL(url).host;
    await page.goto(`${bed.admin}/crawler/rules?host=${encodeURIComponent(host)}`, { waitUntil: 'networkidle' });
    await page.getByLabel('Page URL').fill(url);
    await page.locator('#try-name').fill('h1[');
    await page.locator('#try-price').fill('body');
    await Promise.all([page.waitForURL(/url=/), page.getByRole('button', { name: 'Fetch and read' }).click()]);
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('alert').innerText()).toContain('rules.name');
    // The crawler may be visiting the host right now (the re-crawl above): the preview waits its
    // turn like any request, and says so when the host is busy — then staff try again.
    await waitFor('the page fetched and read', async () => {
      await page.locator('#try-name').fill('title');
      await Promise.all([
        page.waitForURL(/rule_name=title/),
        page.getByRole('button', { name: 'Fetch and read' }).click(),
      ]);
      await page.waitForLoadState('networkidle');
      return (await page.getByRole('status').count()) > 0;
    });
    expect(await page.getByRole('status').innerText()).toContain('HTTP 200');
    await bed.shot(page, 'rules');

    // Rules stored after a confirm step, audited by the crawler.
    await page.locator('#rule-name').fill('title');
    await page.locator('#rule-price').fill('.price');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#confirm-title').innerText()).toBe(
      `Please confirm: Set the extraction rules of ${host}`,
    );
    await Promise.all([page.waitForURL(/done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);
    expect(await page.locator('#rule-name').inputValue()).toBe('title');
    await page.goto(`${bed.admin}/crawler/audit`, { waitUntil: 'networkidle' });
    expect(await page.locator('tbody tr').first().innerText()).toContain('extraction_rules.set');

    await page.goto(`${bed.admin}/crawler/urls`, { waitUntil: 'networkidle' });
    const shopLink = page.locator('tbody a[href*="/crawler/feeds?shop="]').first();
    if ((await shopLink.count()) > 0) {
      await shopLink.click();
      await page.waitForLoadState('networkidle');
    } else await page.goto(`${bed.admin}/crawler/feeds`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Feed analyses');
    await bed.shot(page, 'feeds');
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    await page.close();
  });

  it('speaks German', async () => {
    const { page } = await bed.open('/infrastructure/login');
    await bed.signIn(page, 'infrastructure', 'root');
    await page.goto(`${bed.admin}/infrastructure/dead-letters?lang=de`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Dead Letters');
    await page.goto(`${bed.admin}/infrastructure/consumer-groups?lang=de`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('columnheader', { name: /Rückstand/ }).count()).toBe(1);
    await page.close();
  });
});
