import type { Money } from '@pc/proto/common/v1/money';
import { AlertKind, Channel } from '@pc/proto/notifications/v1/types';
import type { Amount } from '../domain/alert-record.js';
import type { FieldChecks } from './field-checks.js';

export const ALERT_KINDS: readonly AlertKind[] = [
  AlertKind.ALERT_KIND_TARGET_PRICE,
  AlertKind.ALERT_KIND_PERCENTAGE_DROP,
  AlertKind.ALERT_KIND_BACK_IN_STOCK,
];
const CHANNELS: readonly Channel[] = [Channel.CHANNEL_PUSH, Channel.CHANNEL_EMAIL];

/** A country alerts may watch (ALERT_MARKETS), and the currency its prices compare in. */
export function checkMarket(
  checks: FieldChecks,
  value: string,
  markets: ReadonlyMap<string, string>,
): { country: string; currency: string } {
  const country = checks.country('country', value);
  const currency = markets.get(country) ?? '';
  if (country && /^[A-Z]{2}$/.test(country) && !currency) {
    checks.add('country', `must be a country prices are compared in: ${[...markets.keys()].join(', ')}`, 'in', {
      values: [...markets.keys()].join(','),
    });
  }
  return { country, currency };
}

/** A positive amount in the currency of the alert's country (`currency`; none known: any ISO 4217 code). */
export function checkTargetPrice(checks: FieldChecks, money: Money | undefined, currency: string): Amount | null {
  if (!money) {
    checks.add('target_price', 'is required for a target price alert', 'required');
    return null;
  }
  const given = money.currency.trim().toUpperCase();
  if (!Number.isSafeInteger(money.amountMinor) || money.amountMinor <= 0)
    checks.add('target_price.amount_minor', 'must be a positive amount in minor units', 'min', { min: '1' });
  if (!/^[A-Z]{3}$/.test(given)) checks.add('target_price.currency', 'must be an ISO 4217 code such as "CHF"', 'in');
  else if (currency && given !== currency)
    checks.add('target_price.currency', `must be the country's currency ${currency}`, 'in', { values: currency });
  return { amountMinor: money.amountMinor, currency: given };
}

export function checkDropPercent(checks: FieldChecks, percent: number): number {
  if (!Number.isInteger(percent) || percent < 1 || percent > 99)
    checks.add('drop_percent', 'must be between 1 and 99', 'between', { min: '1', max: '99' });
  return percent;
}

/** The channels wanted; empty means push (proto). */
export function checkChannels(checks: FieldChecks, channels: readonly Channel[]): Channel[] {
  channels.forEach((channel, i) => {
    if (!CHANNELS.includes(channel)) checks.add(`channels[${i}]`, 'must be push or email', 'in');
  });
  return channels.length === 0 ? [Channel.CHANNEL_PUSH] : [...new Set(channels)];
}
