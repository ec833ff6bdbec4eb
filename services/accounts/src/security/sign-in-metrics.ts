import { metrics } from '@opentelemetry/api';

const meter = metrics.getMeter('@pc/accounts');
const signIns = meter.createCounter('accounts.sign_ins', {
  description: 'Sign-in attempts, by outcome (success, invalid_credentials, throttled)',
});
const registrations = meter.createCounter('accounts.registrations', { description: 'Accounts created' });
// Zero from the start, so the dashboards' rates have a series before the first sign-in.
registrations.add(0);
for (const outcome of ['success', 'invalid_credentials', 'throttled']) signIns.add(0, { outcome });

/** Counters on /metrics: a rise of invalid or throttled sign-ins is an attack to look at. */
export const signInMetrics = {
  outcome: (outcome: 'success' | 'invalid_credentials' | 'throttled'): void => signIns.add(1, { outcome }),
  registered: (): void => registrations.add(1),
};
