import { createTransport } from 'nodemailer';
import { UnavailableError } from '../errors/domain-errors.js';
import type { Mailer, OutgoingMail, SentMail } from '../ports/mailer.js';
import { toMailOptions } from './mail-message.js';

export interface SmtpMailerOptions {
  /** smtp://, smtps:// URL with credentials (never logged). */
  readonly url: string;
  readonly from: string;
  /** Connection, greeting and socket timeouts. Default 10,000 ms. */
  readonly timeoutMs?: number;
}

/**
 * The cluster profile's mailer: SMTP through nodemailer with a small connection pool. A mail
 * the server refuses or a server that cannot be reached fails the send with UnavailableError
 * (the caller retries or reports it); the server's own words stay in the cause, not the message.
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const timeout = options.timeoutMs ?? 10_000;
  const transport = createTransport({
    url: options.url,
    pool: true,
    maxConnections: 3,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as Parameters<typeof createTransport>[0]);
  let closed = false;
  let verified = false;

  return {
    async send(mail: OutgoingMail): Promise<SentMail> {
      if (closed) throw new UnavailableError('the SMTP mailer is closed');
      const message = toMailOptions(mail, options.from);
      try {
        const info = await transport.sendMail(message);
        if (info.rejected.length > 0) throw new Error(`recipient refused: ${info.response}`);
        verified = true;
        return { messageId: message.messageId };
      } catch (error) {
        throw new UnavailableError('the mail server did not accept the mail', { cause: error });
      }
    },
    async isReady() {
      if (closed) return false;
      if (verified) return true;
      verified = await transport.verify().then(
        () => true,
        () => false,
      );
      return verified;
    },
    close: async () => {
      closed = true;
      transport.close();
    },
  };
}
