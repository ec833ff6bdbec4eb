import { join } from 'node:path';
import type { MailConfig } from '../config/mail-config.js';
import { ConfigError } from '../config/load-config.js';
import { createOutboxMailer } from '../adapters/mail/outbox-mailer.js';
import { createSmtpMailer } from '../adapters/mail/smtp-mailer.js';
import type { Mailer } from '../ports/mailer.js';

/** The folder of the local outbox: <DATA_DIR>/mail/outbox (shared by every service that mails). */
export const outboxDirectory = (dataDir: string): string => join(dataDir, 'mail', 'outbox');

/** The mailer the config selects: the local outbox folder, or SMTP at SMTP_URL. */
export function openMailer(config: MailConfig): Mailer {
  if (config.MAIL_TRANSPORT === 'smtp') {
    if (!config.SMTP_URL) throw new ConfigError([{ variable: 'SMTP_URL', reason: 'required when MAIL_TRANSPORT=smtp' }]);
    return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
  }
  return createOutboxMailer({ directory: outboxDirectory(config.DATA_DIR), from: config.MAIL_FROM });
}
