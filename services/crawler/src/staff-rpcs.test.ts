import { status as GrpcStatus } from '@grpc/grpc-js';
import { createServiceClient } from '@pc/kit/grpc/client';
import { eventually } from '@pc/kit/testing/eventually';
import type { ExtractionRules } from '@pc/proto/crawler/v1/types';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { CrawlerHarness } from './test-support/crawler-harness.js';
import { FixtureSite } from './test-support/fixture-site.js';

const rules = (fields: Partial<ExtractionRules>): ExtractionRules => ({
  name: '',
  price: '',
  currency: '',
  availability: '',
  gtin: '',
  mpn: '',
  sku: '',
  brand: '',
  image: '',
  updatedAt: undefined,
  ...fields,
});

/** The crawler panel's staff calls: the rules' live preview and the audit of staff writes. */
describe('the crawler staff RPCs', () => {
  let site: FixtureSite;
  let harness: CrawlerHarness;

  beforeAll(async () => {
    site = await FixtureSite.start(() => ({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private\n' },
      '/p/kettle': {
        headers: { 'content-type': 'text/html' },
        body: '<html><body><h1 class="title">Steel Kettle</h1><span class="cost">CHF 49.90</span></body></html>',
      },
      '/private/p': { headers: { 'content-type': 'text/html' }, body: '<html></html>' },
    }));
    harness = await CrawlerHarness.start({
      ports: [site.port],
      env: { CRAWLER_DEFAULT_DELAY: '20ms', CRAWLER_DISCOVER_SHOPS: 'false' },
    });
  });

  afterAll(async () => {
    await harness.stop();
    await site.close();
  });

  const host = () => `127.0.0.1:${site.port}`;

  it('previews rules on a live page, politely, storing nothing', async () => {
    const preview = await harness.crawler.previewExtraction({
      actorUserId: harness.staffUserId,
      url: `${site.origin}/p/kettle`,
      rules: rules({ name: 'h1.title', price: '.cost' }),
    });
    expect(preview.httpStatus).toBe(200);
    const [offer] = JSON.parse(preview.rulesOffersJson) as {
      name: string;
      price: { amount: number; currency: string };
    }[];
    expect(offer).toMatchObject({ name: 'Steel Kettle', price: { amount: 4990, currency: 'CHF' } });
    expect(preview.pageMethod).toBe('selectors');
    expect(site.requests.map((request) => request.path)).toEqual(['/robots.txt', '/p/kettle']);
    await expect(harness.crawler.getExtractionRules({ host: host() })).rejects.toMatchObject({
      code: GrpcStatus.NOT_FOUND,
    });
  });

  it('refuses bad input before fetching anything', async () => {
    const before = site.requests.length;
    const invalid = { code: GrpcStatus.INVALID_ARGUMENT };
    const preview = (url: string, given?: ExtractionRules) =>
      harness.crawler.previewExtraction({ actorUserId: harness.staffUserId, url, rules: given });
    await expect(preview('not a url')).rejects.toMatchObject(invalid);
    await expect(preview('http://10.0.0.1/p')).rejects.toMatchObject(invalid);
    await expect(preview('http://169.254.169.254/latest/meta-data/')).rejects.toMatchObject(invalid);
    await expect(preview(`${site.origin}/p/kettle`, rules({ name: 'h1[', price: '.cost' }))).rejects.toMatchObject(
      invalid,
    );
    await expect(preview(`${site.origin}/p/kettle`, rules({ name: 'h1' }))).rejects.toMatchObject(invalid);
    expect(site.requests.length).toBe(before);
    await expect(preview(`${site.origin}/private/p`)).rejects.toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
    });
    expect(site.requests.map((request) => request.path)).not.toContain('/private/p');
  });

  it('audits rules set and cleared and host changes, before and after', async () => {
    await harness.crawler.setExtractionRules({
      actorUserId: harness.staffUserId,
      host: host(),
      rules: rules({ name: 'h1.title', price: '.cost' }),
    });
    await harness.crawler.setExtractionRules({ actorUserId: harness.staffUserId, host: host(), rules: undefined });
    await harness.crawler.updateHost({
      actorUserId: harness.staffUserId,
      host: host(),
      paused: true,
      clearBackoff: false,
    });
    const audit = createServiceClient(AuditServiceService, harness.address, { deadlineMs: 5_000 });
    const entries = await eventually(async () => {
      const listed = await audit.listAuditEntries({
        actorUserId: harness.staffUserId,
        panel: 'crawler',
        entityType: 'host',
        entityId: host(),
        byUserId: '',
        action: '',
        page: { page: 1, hitsPerPage: 20 },
      });
      expect(listed.entries).toHaveLength(3);
      return listed.entries;
    });
    expect(entries.map((entry) => entry.action)).toEqual([
      'host.update',
      'extraction_rules.clear',
      'extraction_rules.set',
    ]);
    expect(JSON.parse(entries[0]!.afterJson)).toMatchObject({ paused: true });
    expect(JSON.parse(entries[1]!.beforeJson)).toMatchObject({ name: 'h1.title', price: '.cost' });
  });
});
