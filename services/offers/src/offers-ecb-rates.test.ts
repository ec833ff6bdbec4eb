import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import AdmZip from 'adm-zip';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { JobsServiceService, type Job } from '@pc/proto/staff/v1/jobs';
import { createServiceClient } from '@pc/kit/grpc/client';
import { OffersHarness } from './test-support/offers-harness.js';

const DAY = 86_400_000;
const KIND = 'offers.ecb-rates';
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const TODAY = dayOf(new Date());
const YESTERDAY = dayOf(new Date(Date.now() - DAY));
const MONTHS = 'January February March April May June July August September October November December'.split(' ');

/** The ECB's daily file as published (spaces after commas, a trailing comma), cut to four currencies. */
function eurofxrefCsv(day: string, usd: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const spelled = `${String(date.getUTCDate()).padStart(2, '0')} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return `Date, USD, JPY, CHF, GBP, \n${spelled}, ${usd}, 162.23, 0.9385, N/A, \n`;
}

/** A zip as the ECB publishes it (made with adm-zip, which offers reads it with). */
function zipOf(files: Readonly<Record<string, string>>): Buffer {
  const zip = new AdmZip();
  for (const [name, text] of Object.entries(files)) zip.addFile(name, Buffer.from(text));
  return zip.toBuffer();
}

/** What the stand-in for the ECB's server answers next. */
interface Answer {
  readonly status: number;
  readonly body: Buffer | string;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Offers' recurring job `offers.ecb-rates` (ADR 112) against a stand-in for the ECB's server on
 * 127.0.0.1, in the real offers app with its embedded engines: each run is started as staff do it
 * in the job dashboard (RunJobNow) and read back there (log, result) and in ListFxRates (the rates
 * and the job's last run), the audit log and GetFxRates (conversions use the rates at once).
 */
describe('offers fetches the ECB’s daily rates by a recurring job', () => {
  let h: OffersHarness;
  let server: Server;
  let answer: Answer = { status: 404, body: '' };
  const requested: string[] = [];
  let jobs: ReturnType<typeof createServiceClient<typeof JobsServiceService>>;
  let audit: ReturnType<typeof createServiceClient<typeof AuditServiceService>>;
  let admin = '';

  const listed = async () =>
    (await h.offers.listFxRates({ actorUserId: admin, at: undefined })).rates.map((stored) => [
      `${stored.rate?.baseCurrency}>${stored.rate?.quoteCurrency}`,
      stored.rate?.rate,
      stored.rate?.asOf?.toISOString().slice(0, 10),
      stored.source,
    ]);
  const storedAt = async () =>
    (await h.offers.listFxRates({ actorUserId: admin, at: undefined })).rates.map((stored) =>
      stored.storedAt?.toISOString(),
    );
  const fxEntries = async () =>
    (
      await audit.listAuditEntries({
        actorUserId: admin,
        panel: 'admin',
        entityType: 'fx_rates',
        entityId: '',
        byUserId: '',
        action: '',
        page: undefined,
      })
    ).entries;

  /** Runs the job's waiting run now, as staff do in the dashboard, and answers it once it ended. */
  async function runJob(): Promise<Job> {
    const { jobs: waiting } = await jobs.listJobs({
      actorUserId: admin,
      state: 'queued',
      kind: KIND,
      sort: '-run_at',
      page: undefined,
    });
    expect(waiting).toHaveLength(1);
    const id = waiting[0]?.id ?? '';
    await jobs.runJobNow({ actorUserId: admin, jobId: id });
    for (;;) {
      const { job } = await jobs.getJob({ actorUserId: admin, jobId: id });
      if (job && job.state !== 'queued' && job.state !== 'running') return job;
      await sleep(20);
    }
  }

  beforeAll(async () => {
    server = createServer((request, response) => {
      requested.push(request.url ?? '');
      response.writeHead(answer.status, { 'content-type': 'application/octet-stream', ...answer.headers });
      response.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    h = await OffersHarness.start({
      OFFERS_ECB_RATES_URL: `http://127.0.0.1:${port}/stats/eurofxref/eurofxref.zip`,
      // The guard refuses loopback addresses and other ports unless told: only this server is allowed.
      FETCH_ALLOW_PRIVATE: '127.0.0.1',
      FETCH_ALLOW_PORTS: String(port),
    });
    admin = h.staffUserId;
    jobs = createServiceClient(JobsServiceService, h.address, { deadlineMs: 20_000 });
    audit = createServiceClient(AuditServiceService, h.address, { deadlineMs: 20_000 });
    // The seed's month-old rates: a cross pair among them, which a stored pair keeps winning.
    const month = new Date(Date.now() - 30 * DAY);
    await h.offers.setFxRates({
      actorUserId: admin,
      source: 'seed',
      rates: [
        { baseCurrency: 'EUR', quoteCurrency: 'USD', rate: '1.05', asOf: month },
        { baseCurrency: 'CHF', quoteCurrency: 'USD', rate: '1.2', asOf: month },
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await h?.stop();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("fetches the zip, stores every EUR → X rate, its inverse and the stored cross pair, audited as the job's and used at once", async () => {
    answer = { status: 200, body: zipOf({ 'eurofxref.csv': eurofxrefCsv(YESTERDAY, '1.0541') }) };
    const entriesBefore = (await fxEntries()).length;

    const job = await runJob();

    expect(job).toMatchObject({ state: 'succeeded', error: '' });
    expect(requested.at(-1)).toBe('/stats/eurofxref/eurofxref.zip');
    expect(JSON.parse(job.resultJson)).toEqual({
      day: YESTERDAY,
      stored: 7,
      unchanged: 0,
      kept: [],
      missing: ['GBP'],
    });
    expect(job.logLines.join('\n')).toContain('read eurofxref.csv out of the zip');
    expect(job.logLines.join('\n')).toContain(`stored 7 rates of ${YESTERDAY} (source ECB)`);
    expect(await listed()).toEqual([
      ['CHF>EUR', '1.0655301012', YESTERDAY, 'ECB'],
      // The seed's CHF → USD would win over the route through EUR: set again as USD ÷ CHF.
      ['CHF>USD', '1.1231752797', YESTERDAY, 'ECB'],
      ['EUR>CHF', '0.9385', YESTERDAY, 'ECB'],
      ['EUR>JPY', '162.23', YESTERDAY, 'ECB'],
      ['EUR>USD', '1.0541', YESTERDAY, 'ECB'],
      ['JPY>EUR', '0.006164088', YESTERDAY, 'ECB'],
      ['USD>EUR', '0.9486765961', YESTERDAY, 'ECB'],
    ]);
    const [converted] = (await h.offers.getFxRates({ baseCurrency: 'CHF', quoteCurrencies: ['USD'], at: undefined }))
      .rates;
    expect(converted?.rate).toBe('1.1231752797');

    const entries = await fxEntries();
    expect(entries).toHaveLength(entriesBefore + 1);
    expect(entries[0]).toMatchObject({
      actorUserId: 'job:offers.ecb-rates',
      action: 'fx_rates.set',
      entityType: 'fx_rates',
      entityId: 'ECB',
    });
    expect(JSON.parse(entries[0]?.beforeJson ?? '{}').rates).toEqual([
      expect.objectContaining({ base: 'CHF', quote: 'USD', rate: '1.2', source: 'seed' }),
      expect.objectContaining({ base: 'EUR', quote: 'USD', rate: '1.05', source: 'seed' }),
    ]);
    expect(JSON.parse(entries[0]?.afterJson ?? '{}').rates).toHaveLength(7);

    // Staff see on the FX rates page that the job runs, and how its last run ended.
    const { ecbRatesJob } = await h.offers.listFxRates({ actorUserId: admin, at: undefined });
    expect(ecbRatesJob).toMatchObject({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/stats\/eurofxref\/eurofxref\.zip$/),
      intervalMs: 4 * 3_600_000,
      lastRun: { jobId: job.id, state: 'succeeded', error: '', ratesDay: YESTERDAY, stored: 7 },
    });
    expect(ecbRatesJob?.lastRun?.finishedAt?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(ecbRatesJob?.nextRunAt?.getTime()).toBeGreaterThan(Date.now() + 3 * 3_600_000);
  });

  it('writes nothing new when the same file comes again, and says so in the log', async () => {
    const before = { rates: await listed(), storedAt: await storedAt(), entries: (await fxEntries()).length };

    const job = await runJob();

    expect(job.state).toBe('succeeded');
    expect(JSON.parse(job.resultJson)).toMatchObject({ day: YESTERDAY, stored: 0, unchanged: 7 });
    expect(job.logLines.join('\n')).toContain(
      `nothing new: the ECB's 7 rates of ${YESTERDAY} are stored already; nothing written`,
    );
    expect(await listed()).toEqual(before.rates);
    expect(await storedAt()).toEqual(before.storedAt);
    expect(await fxEntries()).toHaveLength(before.entries);
  });

  it("reads the plain CSV when the answer is no zip; a rate staff set by hand for the file's day stays", async () => {
    await h.offers.setFxRates({
      actorUserId: admin,
      source: 'manual',
      rates: [{ baseCurrency: 'EUR', quoteCurrency: 'JPY', rate: '163', asOf: new Date(`${TODAY}T00:00:00Z`) }],
    });
    answer = { status: 200, body: eurofxrefCsv(TODAY, '1.0602'), headers: { 'content-type': 'text/csv' } };

    const job = await runJob();

    expect(job.state).toBe('succeeded');
    expect(job.logLines.join('\n')).toContain('read the CSV answered');
    expect(JSON.parse(job.resultJson)).toMatchObject({ day: TODAY, stored: 6, kept: ['EUR>JPY (manual)'] });
    expect(await listed()).toEqual(
      expect.arrayContaining([
        ['EUR>USD', '1.0602', TODAY, 'ECB'],
        ['USD>EUR', '0.9432182607', TODAY, 'ECB'],
        ['CHF>USD', '1.1296750133', TODAY, 'ECB'],
        ['EUR>JPY', '163', TODAY, 'manual'],
      ]),
    );
  });

  it.each<[string, () => Answer, RegExp]>([
    [
      'a zip without eurofxref.csv',
      () => ({ status: 200, body: zipOf({ 'readme.txt': 'moved' }) }),
      /the zip holds no eurofxref\.csv \(it holds readme\.txt\)/,
    ],
    [
      'a file that is not the daily rates',
      () => ({ status: 200, body: zipOf({ 'eurofxref.csv': eurofxrefCsv(TODAY, '-1.06') }) }),
      /the file is not the ECB's daily rates: the rate of USD \("-1\.06"\) is not a positive decimal/,
    ],
    ['an HTTP error', () => ({ status: 500, body: 'unavailable' }), /eurofxref\.zip answered HTTP 500/],
    [
      'a redirect to an address the guard refuses',
      () => ({ status: 302, body: '', headers: { location: 'http://169.254.169.254/latest/meta-data/' } }),
      /fetching http:\/\/127\.0\.0\.1:\d+\/stats\/eurofxref\/eurofxref\.zip failed \(refused:address\)/,
    ],
  ])('fails the run on %s with the reason in its log, storing nothing', async (_what, next, reason) => {
    const before = { rates: await listed(), storedAt: await storedAt(), entries: (await fxEntries()).length };
    answer = next();

    const job = await runJob();

    expect(job.state).toBe('failed');
    expect(job.error).toMatch(reason);
    expect(job.logLines.at(-1)).toMatch(reason);
    expect(await listed()).toEqual(before.rates);
    expect(await storedAt()).toEqual(before.storedAt);
    expect(await fxEntries()).toHaveLength(before.entries);
    const { ecbRatesJob } = await h.offers.listFxRates({ actorUserId: admin, at: undefined });
    expect(ecbRatesJob?.lastRun).toMatchObject({ jobId: job.id, state: 'failed', ratesDay: '', stored: 0 });
    expect(ecbRatesJob?.lastRun?.error).toMatch(reason);
  });
});

describe('the ECB rates job switched off (OFFERS_ECB_RATES_URL empty)', () => {
  let h: OffersHarness;
  beforeAll(async () => {
    h = await OffersHarness.start({ OFFERS_ECB_RATES_URL: '' });
  }, 60_000);
  afterAll(() => h?.stop());

  it('queues no run, and ListFxRates says nothing refreshes the rates', async () => {
    const jobs = createServiceClient(JobsServiceService, h.address, { deadlineMs: 20_000 });
    const answer = await jobs.listJobs({
      actorUserId: h.staffUserId,
      state: '',
      kind: KIND,
      sort: '',
      page: undefined,
    });
    expect(answer.jobs).toEqual([]);
    expect(answer.kinds).not.toContain(KIND);
    expect(answer.kinds).toContain('offers.freshness-sweep');
    const { ecbRatesJob } = await h.offers.listFxRates({ actorUserId: h.staffUserId, at: undefined });
    expect(ecbRatesJob).toBeUndefined();
  });
});
