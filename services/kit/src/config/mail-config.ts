import { z } from 'zod';

/**
 * The variables of a service that sends e-mail (spread into `serviceConfigSchema`, then
 * `.superRefine(requireSmtpUrl)`): MAIL_TRANSPORT picks the adapter like EVENT_BUS does.
 */
export const mailConfigShape = {
  /** outbox: one .eml file per mail under <DATA_DIR>/mail/outbox (local); smtp: SMTP_URL (cluster). */
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  /** e.g. smtps://user:password@mail.example.com:465 (a secret: it carries the password). */
  SMTP_URL: z.string().url().optional(),
  /** The From header of every mail. */
  MAIL_FROM: z.string().min(3).default('pricecompare <no-reply@pricecompare.local>'),
};

export interface MailConfig {
  readonly MAIL_TRANSPORT: 'outbox' | 'smtp';
  readonly SMTP_URL?: string | undefined;
  readonly MAIL_FROM: string;
  readonly DATA_DIR: string;
}

/** SMTP_URL is required when MAIL_TRANSPORT=smtp (every bad variable is reported at once). */
export function requireSmtpUrl(
  env: { MAIL_TRANSPORT: string; SMTP_URL?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL)
    ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when MAIL_TRANSPORT=smtp' });
}
