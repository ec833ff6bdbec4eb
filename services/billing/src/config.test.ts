import { ConfigError, loadConfig } from '@pc/kit/config/load-config';
import { billingConfigSchema } from './config.js';

const base = { GRPC_PORT: '0', OPS_PORT: '0', IDENTITY_KEY_FILE: '/k.jwk', IDENTITY_TRUST_FILE: '/t.jwks' };

/** The variables loadConfig names as bad, and why ([] when the environment is fine). */
function issuesOf(env: Record<string, string>): ConfigError['issues'] {
  try {
    loadConfig(billingConfigSchema, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
}

describe('billing config: the local provider’s dunning', () => {
  it('defaults to Stripe’s custom schedule of three retries (3, 5, 7 days) and then unpaid', () => {
    const config = loadConfig(billingConfigSchema, base);
    expect(config.LOCAL_PROVIDER_RETRY_DAYS).toEqual([3, 5, 7]);
    expect(config.LOCAL_PROVIDER_AFTER_RETRIES).toBe('unpaid');
  });

  it('takes a schedule of its own, or none, and another end state', () => {
    const config = loadConfig(billingConfigSchema, {
      ...base,
      LOCAL_PROVIDER_RETRY_DAYS: ' 1, 2 ',
      LOCAL_PROVIDER_AFTER_RETRIES: 'canceled',
    });
    expect(config.LOCAL_PROVIDER_RETRY_DAYS).toEqual([1, 2]);
    expect(config.LOCAL_PROVIDER_AFTER_RETRIES).toBe('canceled');
    expect(
      loadConfig(billingConfigSchema, { ...base, LOCAL_PROVIDER_RETRY_DAYS: '' }).LOCAL_PROVIDER_RETRY_DAYS,
    ).toEqual([]);
  });

  it.each([['3,x'], ['0'], ['2.5'], ['61'], ['1,1,1,1,1,1,1,1,1']])(
    'names LOCAL_PROVIDER_RETRY_DAYS=%s and why it is refused',
    (value) => {
      expect(issuesOf({ ...base, LOCAL_PROVIDER_RETRY_DAYS: value })).toEqual([
        {
          variable: 'LOCAL_PROVIDER_RETRY_DAYS',
          reason: 'must be up to 8 whole numbers of days from 1 to 60, comma-separated (e.g. 3,5,7)',
        },
      ]);
    },
  );

  it('refuses an end state Stripe does not offer', () => {
    expect(issuesOf({ ...base, LOCAL_PROVIDER_AFTER_RETRIES: 'deleted' }).map((issue) => issue.variable)).toEqual([
      'LOCAL_PROVIDER_AFTER_RETRIES',
    ]);
  });
});
