import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { JobQueue, type JobQueueOptions } from './job-queue.js';
import type { JobKind } from './job-kind.js';
import type { JobRecord, JobState } from './job-record.js';

const logger = pino({ level: 'silent' });

describe("JobQueue (durable jobs in the owning service's store)", () => {
  let dir: string;
  let store: DocumentStore;
  const queues: JobQueue[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jobs-'));
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function queueWith(kinds: JobKind<never>[], options: Partial<JobQueueOptions> = {}): Promise<JobQueue> {
    const queue = await JobQueue.open(store, 'offers', {
      logger,
      workerId: 'worker-a',
      tickMs: 10,
      heartbeatMs: 10,
      ...options,
    });
    for (const kind of kinds) queue.define(kind);
    queues.push(queue);
    return queue;
  }

  /** The job once it is in `state` (polls the store; the test's own timeout bounds it). */
  async function inState(queue: JobQueue, id: string, state: JobState): Promise<JobRecord> {
    for (;;) {
      const job = await queue.book.get(id);
      if (job.state === state) return job;
      await sleep(5);
    }
  }

  /** A kind whose runs wait until released; `started` resolves when a run began. */
  function gatedKind(name: string) {
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const state = {
      runs: 0,
      started: new Promise<void>((resolve) => (started = resolve)),
      release: () => release(),
    };
    const kind: JobKind<never> = {
      kind: name,
      run: async ({ signal, log }) => {
        state.runs += 1;
        log('waiting for the gate');
        const gate = new Promise<void>((resolve, reject) => {
          release = resolve;
          signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
        });
        started();
        await gate;
        return { done: true };
      },
    };
    return { kind, state };
  }

  it('runs a job once, keeping its log, result, attempts and duration', async () => {
    const queue = await queueWith([
      {
        kind: 'offers.count',
        run: async ({ payload, log }) => {
          log(`counting ${(payload as { shop: string }).shop}`);
          return { counted: 3 };
        },
      },
    ]);
    await queue.start();
    const queued = await queue.enqueue('offers.count', { shop: 's1' }, { requestedBy: 'u_ada' });
    const job = await inState(queue, queued._id, 'succeeded');
    expect(job).toMatchObject({
      service: 'offers',
      attempts: 1,
      resultJson: '{"counted":3}',
      requestedBy: 'u_ada',
      payloadJson: '{"shop":"s1"}',
    });
    expect(job.finishedAt).not.toBe('');
    expect(job.logLines.some((line) => line.endsWith('counting s1'))).toBe(true);
  });

  it('retries a failing job with backoff and fails it for good after its last attempt', async () => {
    let calls = 0;
    const waits: number[] = [];
    const queue = await queueWith([
      {
        kind: 'mail.send',
        maxAttempts: 3,
        backoffMs: (attempt) => {
          waits.push(attempt);
          return 1;
        },
        run: async () => {
          calls += 1;
          throw new Error(`smtp refused (${calls})`);
        },
      },
    ]);
    await queue.start();
    const queued = await queue.enqueue('mail.send', { to: 'a@example.com' });
    const job = await inState(queue, queued._id, 'failed');
    expect(calls).toBe(3);
    expect(waits).toEqual([1, 2]);
    expect(job).toMatchObject({ attempts: 3, error: 'smtp refused (3)' });
    expect(job.logLines.filter((line) => line.includes('retrying in'))).toHaveLength(2);

    // Staff retry: queued again with its attempts starting over.
    await queue.retry(job._id, 'u_ada');
    const again = await inState(queue, job._id, 'failed');
    expect(calls).toBe(6);
    expect(again.logLines.some((line) => line.includes('retried by u_ada'))).toBe(true);
  });

  it('a job that fails once and then succeeds ends succeeded after two attempts', async () => {
    let calls = 0;
    const queue = await queueWith([
      {
        kind: 'feed.import',
        backoffMs: () => 1,
        run: async () => {
          calls += 1;
          if (calls === 1) throw new Error('feed host timed out');
          return 'imported';
        },
      },
    ]);
    await queue.start();
    const { _id } = await queue.enqueue('feed.import', {});
    expect(await inState(queue, _id, 'succeeded')).toMatchObject({ attempts: 2, error: '' });
  });

  it('cancels a waiting job at once and a running job through its signal', async () => {
    const gated = gatedKind('catalog.export');
    const queue = await queueWith([gated.kind]);
    const later = await queue.enqueue('catalog.export', {}, { runAt: new Date(Date.now() + 3_600_000) });
    expect((await queue.cancel(later._id, 'u_ada')).state).toBe('cancelled');
    await expect(queue.cancel(later._id, 'u_ada')).rejects.toThrow('cannot be cancelled');

    await queue.start();
    const running = await queue.enqueue('catalog.export', {});
    await gated.state.started;
    await queue.cancel(running._id, 'u_ada');
    const job = await inState(queue, running._id, 'cancelled');
    expect(job.logLines.some((line) => line.includes('cancelled by u_ada'))).toBe(true);
    expect(gated.state.runs).toBe(1);
  });

  it('runs a job planned for later at once on "run now"', async () => {
    const queue = await queueWith([{ kind: 'offers.sweep', run: async () => 'swept' }]);
    await queue.start();
    const later = await queue.enqueue('offers.sweep', {}, { runAt: new Date(Date.now() + 3_600_000) });
    await sleep(30);
    expect((await queue.book.get(later._id)).state).toBe('queued');
    await queue.runNow(later._id, 'u_ada');
    expect((await inState(queue, later._id, 'succeeded')).resultJson).toBe('"swept"');
  });

  it('resumes a run the service was killed in when it starts again', async () => {
    const first = gatedKind('catalog.import');
    const before = await queueWith([first.kind]);
    await before.start();
    const { _id } = await before.enqueue('catalog.import', { rows: 10 });
    await first.state.started;
    // A crash: the process is gone with the job still `running` in the store.
    await store.close();
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    queues.splice(0);

    const second = gatedKind('catalog.import');
    const after = await queueWith([second.kind]);
    expect((await after.book.get(_id)).state).toBe('running');
    await after.start();
    await second.state.started;
    second.state.release();
    const job = await inState(after, _id, 'succeeded');
    expect(job.attempts).toBe(2);
    expect(job.logLines.some((line) => line.includes('interrupted on worker-a; resumed'))).toBe(true);
    await before.stop(); // the crashed process's timers (its store is gone: it records nothing)
  });

  it("takes over another runner's run only once its heartbeat stopped for the lease", async () => {
    const gated = gatedKind('crawler.recrawl');
    const other = await queueWith([gated.kind], { workerId: 'worker-b', leaseMs: 60_000 });
    const { _id } = await other.book.enqueue('crawler.recrawl', {}, 5);
    await other.book.jobs.update(_id, (job) =>
      job ? { ...job, state: 'running', worker: 'worker-b', heartbeatAt: new Date().toISOString() } : null,
    );
    const live = await queueWith([gated.kind], { workerId: 'worker-a', leaseMs: 60_000 });
    await live.start();
    await sleep(30);
    expect((await live.book.get(_id)).state).toBe('running');
    expect(gated.state.runs).toBe(0);

    await live.book.jobs.update(_id, (job) =>
      job ? { ...job, heartbeatAt: new Date(Date.now() - 120_000).toISOString() } : null,
    );
    const successor = await queueWith([gated.kind], { workerId: 'worker-c', leaseMs: 60_000 });
    await successor.start();
    await gated.state.started;
    gated.state.release();
    await inState(successor, _id, 'succeeded');
  });

  it('queues a running job again when the service stops gracefully', async () => {
    const gated = gatedKind('notifications.mail');
    const queue = await queueWith([gated.kind]);
    await queue.start();
    const { _id } = await queue.enqueue('notifications.mail', {});
    await gated.state.started;
    await queue.stop();
    const job = await queue.book.get(_id);
    expect(job.state).toBe('queued');
    expect(job.logLines.some((line) => line.includes('the service stopped; queued again'))).toBe(true);
  });

  it('queues one run of a recurring job per slot, and the next after each run', async () => {
    let runs = 0;
    const kind: JobKind<never> = { kind: 'offers.freshness-sweep', everyMs: 20, run: async () => ++runs };
    const a = await queueWith([kind]);
    const b = await queueWith([kind], { workerId: 'worker-b' });
    await Promise.all([a.start(), b.start()]);
    while (runs < 3) await sleep(5);
    const { jobs } = await a.book.list(
      { kind: 'offers.freshness-sweep', state: 'succeeded' },
      { page: 1, hitsPerPage: 100, skip: 0 },
    );
    expect(new Set(jobs.map((job) => job._id)).size).toBe(jobs.length);
    expect(jobs.every((job) => job._id.startsWith('offers.freshness-sweep@'))).toBe(true);
  });

  it('lists jobs filtered by state and kind, sorted and paged', async () => {
    const queue = await queueWith([
      { kind: 'a.one', run: async () => 1 },
      { kind: 'b.two', run: async () => 2 },
    ]);
    for (const kind of ['a.one', 'b.two', 'a.one']) await queue.enqueue(kind, {});
    const page = await queue.book.list(
      { kind: 'a.one', state: 'queued', sort: 'created_at', descending: true },
      { page: 1, hitsPerPage: 1, skip: 0 },
    );
    expect(page.total).toBe(2);
    expect(page.jobs).toHaveLength(1);
    const all = await queue.book.list({ sort: 'kind' }, { page: 1, hitsPerPage: 10, skip: 0 });
    expect(all.jobs.map((job) => job.kind)).toEqual(['a.one', 'a.one', 'b.two']);
  });
});
