import { z } from 'zod';
import { INTERFACE_LANGUAGES } from '~/i18n/regions';

/**
 * The forms of the account page (spec §2.2, §5), one zod schema each: the page checks input
 * with them before sending, its action checks again, and the JSON API (`/api/account…`) takes
 * the same fields.
 */

const confirmed = <T extends { password: string; password_confirmation: string }>(form: T) =>
  form.password === form.password_confirmation;
const CONFIRMED = {
  path: ['password_confirmation'],
  message: 'does not match the password',
  params: { rule: 'confirmed' },
};

/** The profile; a new e-mail needs the current password (accounts checks it and tells the old address). */
export const profileForm = z.object({
  name: z.string().trim().min(1, 'is required').max(255),
  email: z.string().trim().min(1, 'is required').max(255).email('must be a valid email address'),
  phone: z.string().trim().max(30).default(''),
  language: z.enum(INTERFACE_LANGUAGES).default('en'),
  current_password: z.string().max(200).default(''),
});

/** PATCH /api/account: any of the profile's fields, and the company of a business user. */
export const profileChange = profileForm.partial().extend({ company: z.string().trim().max(255).optional() });

export const passwordForm = z
  .object({
    current_password: z.string().min(1, 'is required').max(200),
    password: z.string().min(6, 'must be at least 6 characters').max(200),
    password_confirmation: z.string(),
  })
  .refine(confirmed, CONFIRMED);

export const businessForm = z.object({
  company: z.string().trim().min(1, 'is required').max(255),
  phone: z.string().trim().max(30).default(''),
});

/** Spec §4: deleting the account cannot be undone: the password and an explicit confirmation. */
export const deleteAccountForm = z.object({
  password: z.string().min(1, 'is required').max(200),
  confirm: z.literal(true, { error: 'must be confirmed' }),
});

/** The "send a new link" button of the verification notice: nothing to fill in. */
export const resendForm = z.object({});

/** The logout button (a POST with the CSRF field, spec §7). */
export const logoutForm = z.object({});

/** "Sign out" beside one of the sessions the account page lists (ADR 149). */
export const endSessionForm = z.object({
  session_id: z.string().trim().min(1, 'is required').max(200),
});

/** "Sign out everywhere else": every session but the one sending it. */
export const endOtherSessionsForm = z.object({});
