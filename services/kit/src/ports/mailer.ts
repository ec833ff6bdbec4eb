/**
 * Mailer port: e-mails the platform sends (password reset, e-mail verification, price alerts).
 *
 * Adapters (`mail/`): a local outbox folder that a developer opens (local profile) and
 * SMTP through nodemailer (cluster profile). Both build the same MIME message.
 */

export interface OutgoingMail {
  /** One recipient address. */
  readonly to: string;
  readonly subject: string;
  /** The plain-text body (always sent; mail clients without HTML show it). */
  readonly text: string;
  /** The HTML body, if any. */
  readonly html?: string;
  /** Stable id for logs and de-duplication by the receiver (becomes the Message-ID's local part). */
  readonly id?: string;
  /** Extra headers, e.g. { 'X-Pricecompare-Kind': 'password-reset' }. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface SentMail {
  /** The Message-ID header of the mail as sent. */
  readonly messageId: string;
  /** Where a local outbox wrote it (absent for SMTP). */
  readonly path?: string;
  /**
   * Not handed over yet: durably queued for a later attempt (`@pc/jobs`' DurableMailer, whose first
   * attempt failed); `messageId` is then ''.
   */
  readonly queued?: boolean;
}

export interface Mailer {
  /** Resolves once the mail is durably handed over (written to disk, or accepted by the SMTP server). */
  send(mail: OutgoingMail): Promise<SentMail>;
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}
