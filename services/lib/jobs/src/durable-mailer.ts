import { randomUUID } from 'node:crypto';
import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';
import type { Mailer, OutgoingMail, SentMail } from '@pc/kit/ports/mailer';
import { exponentialBackoff } from './job-kind.js';
import type { JobQueue } from './job-queue.js';

/** A mail handed to its transport, kept under its idempotency key so a run again never sends it twice. */
interface SentMailRecord {
  /** The idempotency key: the mail's id. */
  readonly _id: string;
  readonly jobId: string;
  readonly messageId: string;
  readonly path: string;
  readonly sentAt: string;
}

/** A mail server away for an hour is waited out: 5 s doubling to 10 min, 12 attempts (~1 h). */
const MAIL_ATTEMPTS = 12;

/**
 * A sent mail's record is kept this long — far beyond its job's last retry (~1 h) and any event
 * redelivered to queue it again — then removed by a daily job, so the collection does not grow
 * with every mail ever sent.
 */
export const SENT_MAIL_RETENTION_MS = 30 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 24 * 3_600_000;
const PRUNE_PAGE = 500;

/** What the dashboard shows of a mail: never its body, which holds sign-in and reset links. */
const mailView = (mail: OutgoingMail) => ({
  id: mail.id,
  to: mail.to,
  subject: mail.subject,
  kind: mail.headers?.['X-Pricecompare-Kind'] ?? '',
});

/**
 * The Mailer port over durable jobs (ADR 063): `send` queues the job `<service>.send-mail` in the
 * service's store (its id from the mail's id, the idempotency key: a redelivered event queues
 * nothing new), then makes the first attempt at once in the caller's path, so a working mail
 * server sees the mail as before. A failed attempt is retried by the job queue with backoff, a
 * restart resumes it, and the dashboard shows it. Before sending, a run looks up the key in
 * `sent_mails`: a retry or a resumed run of a mail already handed over does not send it again.
 * (A crash between the hand-over and that record sends it once more; the Message-ID is the same,
 * so mail clients show one.)
 */
export class DurableMailer implements Mailer {
  private constructor(
    private readonly queue: JobQueue,
    private readonly transport: Mailer,
    private readonly sent: Collection<SentMailRecord>,
    readonly kind: string,
  ) {}

  /** Defines `<service>.send-mail` on `queue` (before it starts) over `transport`. */
  static async open(queue: JobQueue, store: DocumentStore, transport: Mailer): Promise<DurableMailer> {
    const sent = await store.collection<SentMailRecord>({ name: 'sent_mails', indexes: [{ fields: ['sentAt'] }] });
    const mailer = new DurableMailer(queue, transport, sent, `${queue.service}.send-mail`);
    queue.define<OutgoingMail>({
      kind: mailer.kind,
      maxAttempts: MAIL_ATTEMPTS,
      backoffMs: exponentialBackoff(),
      show: mailView,
      run: ({ jobId, payload, log }) => mailer.deliver(jobId, payload, log),
    });
    queue.define<null>({
      kind: `${queue.service}.prune-sent-mails`,
      everyMs: PRUNE_EVERY_MS,
      maxAttempts: 3,
      run: ({ log, signal }) => mailer.prune(log, signal),
    });
    return mailer;
  }

  /**
   * Resolves once the mail is durably queued and its first attempt made: with the transport's
   * answer when that attempt sent it, else with its Message-ID to come (`queued`) while the job
   * retries in the background.
   */
  async send(mail: OutgoingMail): Promise<SentMail> {
    const key = mail.id ?? randomUUID();
    await this.queue.enqueueAndRunHere(this.kind, { ...mail, id: key }, { id: `${this.kind}@${key}` });
    const sent = await this.sent.get(key);
    if (sent) return { messageId: sent.messageId, ...(sent.path ? { path: sent.path } : {}) };
    return { messageId: '', queued: true };
  }

  /** One run of the job: sends unless the key says it was sent, then records the hand-over. */
  private async deliver(jobId: string, mail: OutgoingMail, log: (line: string) => void): Promise<unknown> {
    const key = mail.id ?? jobId;
    const earlier = await this.sent.get(key);
    if (earlier) {
      log(`already sent as ${earlier.messageId} (by ${earlier.jobId}); not sent again`);
      return { messageId: earlier.messageId, sentBefore: true };
    }
    const result = await this.transport.send(mail);
    await this.sent.put({
      _id: key,
      jobId,
      messageId: result.messageId,
      path: result.path ?? '',
      sentAt: this.queue.book.now().toISOString(),
    });
    log(`sent to ${mail.to} as ${result.messageId}`);
    return { messageId: result.messageId };
  }

  /** Removes the records of mails sent before the retention, a page at a time. */
  async prune(log: (line: string) => void, signal?: AbortSignal): Promise<{ removed: number }> {
    const before = new Date(this.queue.book.now().getTime() - SENT_MAIL_RETENTION_MS).toISOString();
    let removed = 0;
    for (;;) {
      signal?.throwIfAborted();
      const ids = await this.sent.findIds({ sentAt: { $lt: before } }, { sort: { sentAt: 1 }, limit: PRUNE_PAGE });
      for (const id of ids) if (await this.sent.delete(id)) removed += 1;
      if (ids.length < PRUNE_PAGE) break;
    }
    log(`${removed} records of mails sent before ${before} removed`);
    return { removed };
  }

  isReady(): Promise<boolean> {
    return this.transport.isReady();
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}
