import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { JobQueue } from '@pc/jobs/job-queue';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { cancelWaitingEcbRuns, ecbRatesJob, EcbRatesJobView } from './ecb-rates-job';
import type { EcbRatesRefresh, EcbRatesReport } from './ecb-rates-refresh';

const logger = pino({ level: 'silent' });
const HOUR = 3_600_000;
const URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref.zip';

/** A refresh that answers what the test says (the real one is exercised in offers-ecb-rates.test.ts). */
const refreshing = (outcome: () => Promise<EcbRatesReport>) => ({ runOnce: outcome }) as unknown as EcbRatesRefresh;

describe('the ECB rates job in the job queue', () => {
  let dir: string;
  let store: DocumentStore;
  const queues: JobQueue[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ecb-job-'));
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function started(refresh?: EcbRatesRefresh): Promise<JobQueue> {
    const queue = await JobQueue.open(store, 'offers', { logger, workerId: 'worker-a', tickMs: 10 });
    if (refresh) queue.define(ecbRatesJob(refresh, 4 * HOUR));
    queues.push(queue);
    await queue.start();
    return queue;
  }

  /** Runs the waiting run now and waits for its end. */
  async function runNow(queue: JobQueue): Promise<void> {
    const [waiting] = await queue.book.inState('queued', 1, 'offers.ecb-rates');
    const id = waiting?._id ?? '';
    await queue.runNow(id, 'staff');
    while (!['succeeded', 'failed'].includes((await queue.book.get(id)).state)) await sleep(5);
  }

  it('shows the next run before the first, then the last run with the day and rates it stored', async () => {
    const report = { day: '2026-12-04', stored: 7, unchanged: 0, kept: [], missing: [] };
    const queue = await started(refreshing(async () => report));
    const view = new EcbRatesJobView(queue, URL, 4 * HOUR);
    const before = await view.view();
    expect(before).toMatchObject({ url: URL, intervalMs: 4 * HOUR, lastRun: undefined });
    expect(before.nextRunAt?.getTime()).toBeGreaterThan(Date.now() + 3 * HOUR);

    await runNow(queue);
    expect((await view.view()).lastRun).toMatchObject({
      state: 'succeeded',
      error: '',
      ratesDay: '2026-12-04',
      stored: 7,
    });
  });

  it('shows a failed run with its reason', async () => {
    const queue = await started(
      refreshing(async () => {
        throw new Error('https://www.ecb.europa.eu/stats/eurofxref/eurofxref.zip answered HTTP 503');
      }),
    );
    await runNow(queue);
    expect((await new EcbRatesJobView(queue, URL, 4 * HOUR).view()).lastRun).toMatchObject({
      state: 'failed',
      error: expect.stringContaining('answered HTTP 503'),
      ratesDay: '',
      stored: 0,
    });
  });

  it('cancels the runs a former configuration queued once the job is switched off', async () => {
    const before = await started(refreshing(async () => ({ day: '', stored: 0, unchanged: 0, kept: [], missing: [] })));
    const [waiting] = await before.book.inState('queued', 1, 'offers.ecb-rates');
    await before.stop();

    const after = await started();
    expect(await cancelWaitingEcbRuns(after)).toBe(1);
    expect(await after.book.get(waiting?._id ?? '')).toMatchObject({ state: 'cancelled' });
    expect(await cancelWaitingEcbRuns(after)).toBe(0);
  });
});
