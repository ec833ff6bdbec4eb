import { browserName } from './browser-name.js';

describe('the name of a browser from its User-Agent header', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      { browser: 'Chrome', system: 'Windows' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      { browser: 'Safari', system: 'iOS' },
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:126.0) Gecko/126.0 Firefox/126.0', { browser: 'Firefox', system: 'Android' }],
  ])('names %s', (userAgent, name) => {
    expect(browserName(userAgent)).toEqual(name);
  });

  it('gives empty names for an empty or made-up header, never an error', () => {
    expect(browserName('')).toEqual({ browser: '', system: '' });
    expect(browserName('   ')).toEqual({ browser: '', system: '' });
    expect(browserName('curl-ish/0.1 (something)')).toEqual({ browser: expect.any(String), system: '' });
  });
});
