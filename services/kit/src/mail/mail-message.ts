import { randomUUID } from 'node:crypto';
import type { SendMailOptions } from 'nodemailer';
import type { OutgoingMail } from '../ports/mailer.js';

/** The domain of generated Message-IDs (the address part of MAIL_FROM, else a local name). */
export function messageDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'pricecompare.local';
}

/** The nodemailer message both adapters send, so the outbox file is what SMTP would carry. */
export function toMailOptions(mail: OutgoingMail, from: string): SendMailOptions & { messageId: string } {
  const messageId = `<${mail.id ?? randomUUID()}@${messageDomain(from)}>`;
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    messageId,
    headers: { ...mail.headers },
  };
}
