import { z } from 'zod';

/**
 * The forms of sign-in, registration and password reset (spec §5), one zod schema each: the
 * site's pages check input with them before sending, and the BFF's actions check it again.
 * Field names are the JSON names the API takes.
 */

const email = z.string().trim().min(1, 'is required').max(255).email('must be a valid email address');
const password = z.string().min(1, 'is required').max(200);
const newPassword = z.string().min(6, 'must be at least 6 characters').max(200);

/** Spec §5: the wording of the terms checkbox. */
export const TERMS_WORDING = 'I have read and agree to the terms and conditions and the listing terms';

export const loginForm = z.object({
  email,
  password,
  remember: z.boolean().default(false),
});

export const registerForm = z
  .object({
    name: z.string().trim().min(1, 'is required').max(255),
    email,
    password: newPassword,
    password_confirmation: z.string(),
    phone: z.string().trim().max(30).default(''),
    terms: z.literal(true, { error: `must be accepted: ${TERMS_WORDING}` }),
    account_type: z.enum(['personal', 'business']).default('personal'),
    company: z.string().trim().max(255).default(''),
    language: z
      .string()
      .regex(/^[a-z]{2}$/)
      .default('en'),
    remember: z.boolean().default(false),
  })
  .refine((form) => form.password === form.password_confirmation, {
    path: ['password_confirmation'],
    message: 'does not match the password',
    params: { rule: 'confirmed' },
  })
  .refine((form) => form.account_type !== 'business' || form.company !== '', {
    path: ['company'],
    message: 'is required for a business account',
    params: { rule: 'required' },
  });

export const forgotPasswordForm = z.object({
  email,
  language: z
    .string()
    .regex(/^[a-z]{2}$/)
    .default('en'),
});

export const resetPasswordForm = z
  .object({
    token: z.string().min(1, 'is required').max(200),
    email,
    password: newPassword,
    password_confirmation: z.string(),
    remember: z.boolean().default(false),
  })
  .refine((form) => form.password === form.password_confirmation, {
    path: ['password_confirmation'],
    message: 'does not match the password',
    params: { rule: 'confirmed' },
  });

export type LoginForm = z.infer<typeof loginForm>;
export type RegisterForm = z.infer<typeof registerForm>;
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;
