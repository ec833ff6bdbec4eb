import { metrics } from '@opentelemetry/api';

const meter = metrics.getMeter('@pc/accounts');
const signIns = meter.createCounter('accounts.sign_ins', {
  description:
    'Sign-in attempts, by outcome (success, invalid_credentials, throttled; two_step_asked: the password was right and the app code is asked; invalid_code)',
});
const registrations = meter.createCounter('accounts.registrations', { description: 'Accounts created' });
// Zero from the start, so the dashboards' rates have a series before the first sign-in.
registrations.add(0);
const OUTCOMES = ['success', 'invalid_credentials', 'throttled', 'two_step_asked', 'invalid_code'] as const;
for (const outcome of OUTCOMES) signIns.add(0, { outcome });

/** Counters on /metrics: a rise of invalid or throttled sign-ins is an attack to look at. */
export const signInMetrics = {
  outcome: (outcome: (typeof OUTCOMES)[number]): void => signIns.add(1, { outcome }),
  registered: (): void => registrations.add(1),
};
