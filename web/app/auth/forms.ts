import { z } from 'zod';

/**
 * One zod schema per form (CONVENTIONS §8), used by the browser (before submitting) and by the
 * action (the authority). Rules of spec §5; messages are translation keys.
 */
export const MIN_PASSWORD_LENGTH = 6;

export const loginSchema = z.object({
  email: z.string().trim().min(1, 'validation.required').email('validation.email').max(254, 'validation.max'),
  password: z.string().min(1, 'validation.required').max(1024, 'validation.max'),
  remember: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()),
  redirect: z.string().optional(),
});

export const registerSchema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(120, 'validation.max'),
    email: z.string().trim().min(1, 'validation.required').email('validation.email').max(254, 'validation.max'),
    password: z.string().min(MIN_PASSWORD_LENGTH, 'validation.passwordMin').max(1024, 'validation.max'),
    password_confirmation: z.string(),
    phone: z
      .string()
      .trim()
      .max(32, 'validation.max')
      .refine((v) => v === '' || /^\+?[0-9 ()-]{6,}$/.test(v), 'validation.phone')
      .optional(),
    terms: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.literal(true, { error: 'validation.accepted' })),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'validation.confirmed' });

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;

/** Field → translation key of its first problem. */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}
