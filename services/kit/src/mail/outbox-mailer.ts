import { mkdirSync, openSync, closeSync, fsyncSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { UnavailableError } from '../errors/domain-errors.js';
import type { Mailer, OutgoingMail, SentMail } from '../ports/mailer.js';
import { toMailOptions } from './mail-message.js';

/** The folder of the local outbox: <DATA_DIR>/mail/outbox (shared by every service that mails). */
export const outboxDirectory = (dataDir: string): string => join(dataDir, 'mail', 'outbox');

export interface OutboxMailerOptions {
  /** The folder the .eml files go to (created if missing). */
  readonly directory: string;
  readonly from: string;
  readonly now?: () => Date;
}

/**
 * The local profile's mailer: each mail becomes one RFC 5322 `.eml` file (the exact MIME message
 * SMTP would carry, built by nodemailer) in an outbox folder a developer opens with any mail
 * client or a text editor. Named `<UTC time>-<recipient>-<id>.eml` so `ls` lists them in order.
 * Written to a temporary name, fsynced, then renamed: a file that exists is complete.
 */
export function createOutboxMailer(options: OutboxMailerOptions): Mailer {
  mkdirSync(options.directory, { recursive: true });
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const now = options.now ?? (() => new Date());
  let closed = false;

  return {
    async send(mail: OutgoingMail): Promise<SentMail> {
      if (closed) throw new UnavailableError('the mail outbox is closed');
      const message = toMailOptions(mail, options.from);
      const info = await composer.sendMail(message);
      const bytes = info.message as Buffer;
      const stamp = now().toISOString().replace(/[:.]/g, '-');
      const recipient = mail.to.replace(/[^A-Za-z0-9@._-]/g, '_').slice(0, 80);
      const name = `${stamp}-${recipient}-${message.messageId.slice(1, 9)}.eml`;
      const path = join(options.directory, name);
      writeDurably(path, bytes);
      return { messageId: message.messageId, path };
    },
    isReady: async () => !closed,
    close: async () => {
      closed = true;
      composer.close();
    },
  };
}

function writeDurably(path: string, bytes: Buffer): void {
  const temporary = `${path}.partial`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}
