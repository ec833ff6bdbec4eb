import { ConfigError, loadConfig } from '@pc/kit/config/load-config';
import { ECB_RATES_URL, offersConfigSchema } from './config.js';

const base = { GRPC_PORT: '0', OPS_PORT: '0', IDENTITY_KEY_FILE: '/k.jwk', IDENTITY_TRUST_FILE: '/t.jwks' };

/** The variables loadConfig names as bad ([] when the environment is fine). */
function badVariables(env: Record<string, string>): string[] {
  try {
    loadConfig(offersConfigSchema, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map((issue) => issue.variable);
    throw error;
  }
}

describe('offers config: the ECB rates job', () => {
  it("fetches the ECB's zip every 4 hours by default, through a guard without exceptions", () => {
    const config = loadConfig(offersConfigSchema, base);
    expect(config.OFFERS_ECB_RATES_URL).toBe(ECB_RATES_URL);
    expect(config.OFFERS_ECB_RATES_INTERVAL).toBe(4 * 3_600_000);
    expect([config.FETCH_ALLOW_PRIVATE, config.FETCH_ALLOW_PORTS]).toEqual(['', '']);
  });

  it('is switched off by an empty URL, and takes another http(s) URL and interval', () => {
    expect(loadConfig(offersConfigSchema, { ...base, OFFERS_ECB_RATES_URL: ' ' }).OFFERS_ECB_RATES_URL).toBe('');
    const config = loadConfig(offersConfigSchema, {
      ...base,
      OFFERS_ECB_RATES_URL: 'http://rates.internal.example/eurofxref.csv',
      OFFERS_ECB_RATES_INTERVAL: '30m',
    });
    expect(config.OFFERS_ECB_RATES_URL).toBe('http://rates.internal.example/eurofxref.csv');
    expect(config.OFFERS_ECB_RATES_INTERVAL).toBe(30 * 60_000);
  });

  it.each([
    [{ OFFERS_ECB_RATES_URL: 'ftp://www.ecb.europa.eu/eurofxref.zip' }, 'OFFERS_ECB_RATES_URL'],
    [{ OFFERS_ECB_RATES_URL: 'www.ecb.europa.eu/eurofxref.zip' }, 'OFFERS_ECB_RATES_URL'],
    [{ OFFERS_ECB_RATES_INTERVAL: '4' }, 'OFFERS_ECB_RATES_INTERVAL'],
    [{ FETCH_ALLOW_PRIVATE: 'localhost' }, 'FETCH_ALLOW_PRIVATE'],
    [{ FETCH_ALLOW_PORTS: '70000' }, 'FETCH_ALLOW_PORTS'],
  ])('refuses %j, naming %s', (env, variable) => {
    expect(badVariables({ ...base, ...env })).toEqual([variable]);
  });
});
