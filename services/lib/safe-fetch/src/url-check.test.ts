import { FetchRefusedError } from './errors.js';
import { parseFetchPolicy, strictFetchPolicy } from './fetch-policy.js';
import { checkUrl } from './url-check.js';

const refusal = (url: string, policy = strictFetchPolicy): string => {
  try {
    checkUrl(url, policy);
  } catch (error) {
    if (error instanceof FetchRefusedError) return error.reason;
    throw error;
  }
  return 'allowed';
};

describe('checkUrl', () => {
  it('accepts http and https on their standard ports', () => {
    expect(refusal('http://shop.example/p/1')).toBe('allowed');
    expect(refusal('https://shop.example:443/p/1')).toBe('allowed');
  });

  it.each([
    'file:///etc/passwd',
    'ftp://shop.example/',
    'gopher://shop.example:70/',
    'data:text/plain,hi',
    'javascript:alert(1)',
  ])('refuses the scheme of %s', (url) => {
    expect(refusal(url)).toBe('scheme');
  });

  it.each(['http://shop.example:8080/', 'https://shop.example:22/', 'http://shop.example:6379/'])(
    'refuses the port of %s',
    (url) => {
      expect(refusal(url)).toBe('port');
      expect(refusal(url, parseFetchPolicy({ FETCH_ALLOW_PORTS: '1-65535' }))).toBe('allowed');
    },
  );

  it('refuses credentials in the URL', () => {
    expect(refusal('http://user:secret@shop.example/')).toBe('credentials');
  });

  it.each([
    'http://127.0.0.1/',
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fd00::1]/',
    'http://0.0.0.0/',
    // The URL parser's other spellings of 127.0.0.1.
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
  ])('refuses the address literal in %s', (url) => {
    expect(refusal(url)).toBe('address');
  });

  it('refuses what is not a URL', () => {
    expect(refusal('not a url')).toBe('invalid_url');
    expect(refusal('/relative/path')).toBe('invalid_url');
    expect(refusal(`http://shop.example/${'a'.repeat(9_000)}`)).toBe('invalid_url');
  });

  it('resolves a relative redirect target against its base', () => {
    expect(checkUrl('/next?a=1', strictFetchPolicy, 'https://shop.example/p/1').href).toBe(
      'https://shop.example/next?a=1',
    );
  });
});
