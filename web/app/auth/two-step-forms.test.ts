import { fieldErrors, formInput } from './page-forms';
import { twoStepCodeForm, twoStepConfirmForm, twoStepOffForm } from './two-step-forms';

/** The field errors of a form post, as the page and its action show them. */
const errorsOf = (schema: typeof twoStepCodeForm | typeof twoStepConfirmForm, fields: Record<string, string>) => {
  const parsed = schema.safeParse(formInput(fields));
  return parsed.success ? parsed.data : fieldErrors(parsed.error);
};

describe('the codes of two-step sign-in (ADR 153)', () => {
  it('takes six digits from the app, spaces as apps show them dropped', () => {
    expect(errorsOf(twoStepCodeForm, { code: '123456' })).toEqual({ code: '123456' });
    expect(errorsOf(twoStepCodeForm, { code: ' 123 456 ' })).toEqual({ code: '123456' });
    expect(errorsOf(twoStepConfirmForm, { code: '123 456' })).toEqual({ code: '123456' });
  });

  it('takes a recovery code for signing in and turning off, with or without its dash', () => {
    expect(errorsOf(twoStepCodeForm, { code: 'k3m9p-2xq7t' })).toEqual({ code: 'k3m9p-2xq7t' });
    expect(errorsOf(twoStepCodeForm, { code: 'K3M9P 2XQ7T' })).toEqual({ code: 'K3M9P2XQ7T' });
    expect(twoStepOffForm.safeParse({ password: 'p', code: 'k3m9p-2xq7t' }).success).toBe(true);
  });

  it('says what is wrong with anything that cannot be a code, before it costs an attempt', () => {
    expect(errorsOf(twoStepCodeForm, { code: '' })).toEqual({ code: 'validation.required' });
    expect(errorsOf(twoStepCodeForm, { code: '12345' })).toEqual({ code: 'twoStep.codeOrRecoveryFormat' });
    expect(errorsOf(twoStepCodeForm, { code: 'k3m9p-2xq7' })).toEqual({ code: 'twoStep.codeOrRecoveryFormat' });
    expect(errorsOf(twoStepCodeForm, { code: '1'.repeat(41) })).toEqual({ code: 'validation.max' });
    // Turning on and new recovery codes want the app's code: a recovery code is not one.
    expect(errorsOf(twoStepConfirmForm, { code: 'k3m9p-2xq7t' })).toEqual({ code: 'twoStep.codeFormat' });
    expect(errorsOf(twoStepConfirmForm, {})).toEqual({ code: 'validation.required' });
  });
});
