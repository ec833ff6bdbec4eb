import { loginForm, registerForm } from './forms';
import { fieldErrors, formInput } from './page-forms';

const errorsOf = (schema: typeof loginForm | typeof registerForm, form: Record<string, string>) => {
  const result = schema.safeParse(formInput(form));
  return result.success ? {} : fieldErrors(result.error);
};

describe('page forms (spec §5)', () => {
  it('require email and password, and a valid email', () => {
    expect(errorsOf(loginForm, { email: '', password: '' })).toEqual({
      email: 'validation.required',
      password: 'validation.required',
    });
    expect(errorsOf(loginForm, { email: 'nope', password: 'x' })).toEqual({ email: 'validation.email' });
    expect(errorsOf(loginForm, { email: 'a@b.ch', password: 'x', remember: 'on' })).toEqual({});
  });

  it('want a password of at least 6 characters, confirmed, and the terms accepted', () => {
    const base = { name: 'Anna', email: 'a@b.ch', password: 'secret1', password_confirmation: 'secret1', terms: 'on' };
    expect(errorsOf(registerForm, base)).toEqual({});
    expect(errorsOf(registerForm, { ...base, password: '12345', password_confirmation: '12345' })).toEqual({
      password: 'validation.passwordMin',
    });
    expect(errorsOf(registerForm, { ...base, password_confirmation: 'other12' })).toEqual({
      password_confirmation: 'validation.confirmed',
    });
    const { terms: _terms, ...unchecked } = base;
    expect(errorsOf(registerForm, unchecked)).toEqual({ terms: 'validation.accepted' });
  });
});
