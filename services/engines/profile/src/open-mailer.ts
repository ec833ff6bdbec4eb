import type { MailConfig } from '@pc/kit/config/mail-config';
import { ConfigError } from '@pc/kit/config/load-config';
import { createOutboxMailer, outboxDirectory } from '@pc/kit/mail/outbox-mailer';
import { createSmtpMailer } from '@pc/kit/mail/smtp-mailer';
import type { Mailer } from '@pc/kit/ports/mailer';

/** The mailer the config selects: the local outbox folder, or SMTP at SMTP_URL. */
export function openMailer(config: MailConfig): Mailer {
  if (config.MAIL_TRANSPORT === 'smtp') {
    if (!config.SMTP_URL)
      throw new ConfigError([{ variable: 'SMTP_URL', reason: 'required when MAIL_TRANSPORT=smtp' }]);
    return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
  }
  return createOutboxMailer({ directory: outboxDirectory(config.DATA_DIR), from: config.MAIL_FROM });
}
