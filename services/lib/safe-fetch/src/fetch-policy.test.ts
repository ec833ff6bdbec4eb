import { FetchPolicyError, isPortAllowed, parseFetchPolicy, strictFetchPolicy } from './fetch-policy.js';

describe('fetch policy', () => {
  it('allows 80 and 443 only by default', () => {
    expect(isPortAllowed(strictFetchPolicy, 80)).toBe(true);
    expect(isPortAllowed(strictFetchPolicy, 443)).toBe(true);
    expect(isPortAllowed(strictFetchPolicy, 8080)).toBe(false);
    expect(isPortAllowed(strictFetchPolicy, 22)).toBe(false);
  });

  it('adds the configured ports and ranges', () => {
    const policy = parseFetchPolicy({ FETCH_ALLOW_PORTS: '8080, 9100-9199' });
    expect(isPortAllowed(policy, 8080)).toBe(true);
    expect(isPortAllowed(policy, 9150)).toBe(true);
    expect(isPortAllowed(policy, 9200)).toBe(false);
    expect(isPortAllowed(policy, 22)).toBe(false);
  });

  it.each([
    [{ FETCH_ALLOW_PORTS: 'http' }, 'FETCH_ALLOW_PORTS'],
    [{ FETCH_ALLOW_PORTS: '70000' }, 'FETCH_ALLOW_PORTS'],
    [{ FETCH_ALLOW_PORTS: '9000-8000' }, 'FETCH_ALLOW_PORTS'],
    [{ FETCH_ALLOW_PRIVATE: 'localhost' }, 'FETCH_ALLOW_PRIVATE'],
    [{ FETCH_ALLOW_PRIVATE: '10.0.0.0/40' }, 'FETCH_ALLOW_PRIVATE'],
  ])('names the variable that does not parse: %j', (variables, variable) => {
    expect(() => parseFetchPolicy(variables)).toThrow(FetchPolicyError);
    expect(() => parseFetchPolicy(variables)).toThrow(new RegExp(`^${variable}: `));
  });
});
