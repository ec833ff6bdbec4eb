import { loginFailure, secondStepPath } from './login-answer';

describe('what the login modal shows for a failed sign-in (spec §8)', () => {
  it('says the credentials do not match for a 401, and how long to wait for a 429', () => {
    expect(
      loginFailure(401, { error: 'these credentials do not match our records', reason: 'INVALID_CREDENTIALS' }, null),
    ).toEqual({ error: { key: 'auth.failed' } });
    expect(loginFailure(429, { error: 'too many attempts, retry in 42 seconds' }, '42')).toEqual({
      error: { key: 'auth.throttled', values: { seconds: 42 } },
    });
    expect(loginFailure(429, null, null)).toEqual({ error: { key: 'auth.throttled', values: { seconds: 1 } } });
  });

  it('puts field problems at their fields and anything else as unavailable', () => {
    expect(
      loginFailure(
        400,
        {
          errors: [
            { field: 'email', rule: 'regex' },
            { field: 'password', rule: 'min' },
          ],
        },
        null,
      ),
    ).toEqual({ errors: { email: 'validation.email', password: 'validation.required' } });
    expect(loginFailure(419, null, null)).toEqual({ error: { key: 'status.419.text' } });
    expect(loginFailure(503, null, null)).toEqual({ error: { key: 'common.unavailable' } });
  });
});

describe('where the login modal goes when the account asks for the app’s code (ADR 153)', () => {
  it('goes to the code page a 202 names, keeping its redirect', () => {
    const path = '/de-ch/login/two-step?redirect=%2Fde-ch%2Fproducts%2Fx';
    expect(secondStepPath(202, { two_step_required: true, path })).toBe(path);
  });

  it('stays for a sign-in, a failure, or a 202 that names no path on this site', () => {
    expect(secondStepPath(200, { two_step_required: true, path: '/en-ch/login/two-step' })).toBeNull();
    expect(secondStepPath(401, null)).toBeNull();
    expect(secondStepPath(202, null)).toBeNull();
    expect(secondStepPath(202, { two_step_required: false, path: '/en-ch/login/two-step' })).toBeNull();
    expect(secondStepPath(202, { two_step_required: true, path: 'https://elsewhere.example/x' })).toBeNull();
    expect(secondStepPath(202, { two_step_required: true, path: '//elsewhere.example/x' })).toBeNull();
    expect(secondStepPath(202, { two_step_required: true, path: '/\\elsewhere.example' })).toBeNull();
    expect(secondStepPath(202, { two_step_required: true })).toBeNull();
  });
});
