import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { UnavailableError } from '@pc/kit/errors/domain-errors';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { Mailer, OutgoingMail } from '@pc/kit/ports/mailer';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { DurableMailer } from './durable-mailer.js';
import { JobQueue } from './job-queue.js';
import type { JobRecord, JobState } from './job-record.js';

const logger = pino({ level: 'silent' });

/** The mail server at the true external boundary: it records what it accepted, or is down. */
class MailServer implements Mailer {
  readonly accepted: OutgoingMail[] = [];
  down = false;
  async send(mail: OutgoingMail) {
    if (this.down) throw new UnavailableError('connection refused');
    this.accepted.push(mail);
    return { messageId: `<${mail.id}@pricecompare.test>` };
  }
  async isReady() {
    return !this.down;
  }
  async close() {}
}

const RESET: OutgoingMail = {
  id: 'reset-1',
  to: 'ada@example.com',
  subject: 'Reset your password',
  text: 'https://shop.example/reset?token=secret',
  headers: { 'X-Pricecompare-Kind': 'password-reset' },
};

describe('DurableMailer (mail sending as durable jobs)', () => {
  let dir: string;
  let store: DocumentStore;
  let now: number;
  const queues: JobQueue[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mail-jobs-'));
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    now = Date.parse('2026-01-05T10:00:00Z');
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** accounts' queue and mailer as its app builds them (a restart builds them again on the same store). */
  async function accounts(server: MailServer): Promise<{ queue: JobQueue; mailer: DurableMailer }> {
    const queue = await JobQueue.open(store, 'accounts', {
      logger,
      workerId: 'accounts-0',
      tickMs: 10,
      heartbeatMs: 10,
      clock: () => new Date(now),
    });
    queues.push(queue);
    const mailer = await DurableMailer.open(queue, store, server);
    await queue.start();
    return { queue, mailer };
  }

  async function inState(queue: JobQueue, id: string, state: JobState): Promise<JobRecord> {
    for (;;) {
      const job = await queue.book.get(id);
      if (job.state === state) return job;
      await sleep(5);
    }
  }

  it('sends at once within the call, as a job the dashboard lists without the body', async () => {
    const server = new MailServer();
    const { queue, mailer } = await accounts(server);

    await expect(mailer.send(RESET)).resolves.toEqual({ messageId: '<reset-1@pricecompare.test>' });
    expect(server.accepted).toHaveLength(1);
    const job = await queue.book.get('accounts.send-mail@reset-1');
    expect(job).toMatchObject({ kind: 'accounts.send-mail', state: 'succeeded', attempts: 1 });
    expect(job.logLines.join('\n')).toContain('sent to ada@example.com');
    const shown = JSON.parse(queue.payloadView(job)) as Record<string, unknown>;
    expect(shown).toEqual({
      id: 'reset-1',
      to: 'ada@example.com',
      subject: 'Reset your password',
      kind: 'password-reset',
    });
  });

  it('retries a failed send with backoff until the server is back, and sends it once', async () => {
    const server = new MailServer();
    server.down = true;
    const { queue, mailer } = await accounts(server);

    await expect(mailer.send(RESET)).resolves.toEqual({ messageId: '', queued: true });
    const retrying = await queue.book.get('accounts.send-mail@reset-1');
    expect(retrying).toMatchObject({ state: 'retrying', attempts: 1, error: 'connection refused' });
    expect(Date.parse(retrying.runAt) - now).toBe(5_000);

    server.down = false;
    await sleep(50);
    expect(server.accepted).toHaveLength(0); // its backoff has not passed
    now += 5_000;
    await inState(queue, 'accounts.send-mail@reset-1', 'succeeded');
    // The same mail again (a redelivered event) queues nothing new and sends nothing.
    await expect(mailer.send(RESET)).resolves.toEqual({ messageId: '<reset-1@pricecompare.test>' });
    expect(server.accepted.map((mail) => mail.id)).toEqual(['reset-1']);
  });

  it('sends a mail left waiting by a stopped service after the restart', async () => {
    const server = new MailServer();
    server.down = true;
    const first = await accounts(server);
    await first.mailer.send(RESET);
    await first.queue.stop();

    server.down = false;
    now += 5_000;
    const restarted = await accounts(server);
    await inState(restarted.queue, 'accounts.send-mail@reset-1', 'succeeded');
    expect(server.accepted).toHaveLength(1);
  });

  it('does not send again when a job that already sent runs again (a crash before its end was recorded)', async () => {
    const server = new MailServer();
    const first = await accounts(server);
    await first.mailer.send(RESET);
    await first.queue.stop();
    // What a crash between the hand-over and the job's end leaves: the job still running here.
    await first.queue.book.jobs.update('accounts.send-mail@reset-1', (job) =>
      job ? { ...job, state: 'running', worker: 'accounts-0', runToken: 'crashed' } : null,
    );

    const restarted = await accounts(server);
    const job = await inState(restarted.queue, 'accounts.send-mail@reset-1', 'succeeded');
    expect(job.attempts).toBe(2);
    expect(job.logLines.join('\n')).toContain('not sent again');
    expect(server.accepted).toHaveLength(1);
  });

  it('lets staff cancel a mail waiting for its retry', async () => {
    const server = new MailServer();
    server.down = true;
    const { queue, mailer } = await accounts(server);
    await mailer.send(RESET);
    await queue.cancel('accounts.send-mail@reset-1', 'staff-1');
    server.down = false;
    now += 60_000;
    await sleep(50);
    expect((await queue.book.get('accounts.send-mail@reset-1')).state).toBe('cancelled');
    expect(server.accepted).toHaveLength(0);
  });

  it('removes the records of mails sent before the retention in a daily job, and keeps newer ones', async () => {
    const server = new MailServer();
    const { queue, mailer } = await accounts(server);
    await mailer.send(RESET);
    now += 20 * 86_400_000;
    await mailer.send({ ...RESET, id: 'reset-2' });
    now += 11 * 86_400_000; // the first is 31 days old, the second 11
    const sentMails = await store.collection({ name: 'sent_mails' });
    expect((await sentMails.findIds()).sort()).toEqual(['reset-1', 'reset-2']);

    expect(await mailer.prune(() => undefined)).toEqual({ removed: 1 });
    expect(await sentMails.findIds()).toEqual(['reset-2']);
    // The newer mail is still sent once only.
    await mailer.send({ ...RESET, id: 'reset-2' });
    expect(server.accepted.map((mail) => mail.id)).toEqual(['reset-1', 'reset-2']);
    // The pruning is one of accounts' recurring jobs: queued for its next day (the clock moved a
    // month, so the worker may be running the due one at this moment).
    const queuedPrunes = async () => (await queue.book.inState('queued', 10, 'accounts.prune-sent-mails')).length;
    const deadline = Date.now() + 5_000;
    while ((await queuedPrunes()) === 0 && Date.now() < deadline) await sleep(5);
    expect(await queuedPrunes()).toBe(1);
  });
});
