import { z } from 'zod';
import { mailConfigShape, requireSmtpUrl } from '@pc/kit/config/mail-config';
import { serviceConfigSchema } from '@pc/kit/config/service-config';

const origins = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().url()).min(1));

/** The accounts service's environment: the common variables, the mailer and the account rules. */
export const accountsConfigSchema = serviceConfigSchema({
  ...mailConfigShape,
  /** The site's public origin: links in e-mails (verification, reset) point here by default. */
  SITE_URL: z.string().url().default('http://127.0.0.1:3000'),
  /** Other origins a caller may put in reset_url / verify_url (comma list); SITE_URL always counts. */
  SITE_URLS_ALLOWED: origins.optional(),
  /** Lifetime of a password reset link (spec §9: a count in minutes). */
  ACCOUNTS_RESET_TOKEN_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
  /** Lifetime of an e-mail verification link. */
  ACCOUNTS_VERIFY_TOKEN_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(48),
  /** How long the link mailed to the old address after an e-mail change undoes it. */
  ACCOUNTS_EMAIL_UNDO_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(168),
  /** A first admin created at start when no admin exists (local profile convenience; see README). */
  ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL: z.string().email().optional(),
  ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD: z.string().min(6).optional(),
  /**
   * The key that seals authenticator apps' secrets (ADR 153; the cluster's Secret). Unset: a key
   * made on the first start and kept in the service's `settings` collection.
   */
  ACCOUNTS_SEAL_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Earlier keys (comma list) still opening what they sealed, while a rotation re-seals on use. */
  ACCOUNTS_SEAL_KEYS_OLD: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32, 'each key must be at least 32 characters')))
    .optional(),
}).superRefine(requireSmtpUrl);

export type AccountsConfig = z.infer<typeof accountsConfigSchema>;
