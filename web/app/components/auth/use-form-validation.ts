import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors, formInput, type FieldErrors } from '~/auth/page-forms';

/**
 * Checks a form with its zod schema before it is sent (the action checks again: it is the
 * authority). Errors from the server replace these after a submit.
 */
export function useFormValidation(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const [errors, setErrors] = useState<FieldErrors | undefined>(undefined);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const result = schema.safeParse(formInput(new FormData(event.currentTarget)));
    if (!result.success) {
      event.preventDefault();
      setErrors(fieldErrors(result.error));
    } else setErrors(undefined);
  };
  return { errors: errors ?? serverErrors ?? {}, onSubmit };
}
