import { DonationStatus } from '@pc/proto/affiliates/v1/types';
import type { LedgerEntryRecord } from './transaction-record.js';

/** Sums of the ledger for one month and country, in the accounting currency's minor units. */
export interface PeriodTotal {
  readonly month: string;
  readonly country: string;
  confirmed: number;
  pending: number;
  purchases: number;
}

export interface LedgerTotals {
  readonly periods: PeriodTotal[];
  readonly confirmed: number;
  readonly pending: number;
  readonly purchases: number;
  readonly organisations: Map<string, number>;
}

/**
 * Totals are sums of ledger entries and nothing else (so they reconcile with the ledger to the
 * cent): per month and country, the confirmed and pending states' entries; a purchase counts
 * while its donation's entries leave something pending or confirmed. `keepMonth` narrows to
 * the purchase months asked for.
 */
export function ledgerTotals(
  entries: Iterable<LedgerEntryRecord>,
  keepMonth: (month: string) => boolean = () => true,
): LedgerTotals {
  const periods = new Map<string, PeriodTotal>();
  const donations = new Map<string, { period: PeriodTotal; open: number; organisation: string; confirmed: number }>();
  for (const entry of entries) {
    if (!keepMonth(entry.month)) continue;
    const key = `${entry.month}|${entry.country}`;
    let period = periods.get(key);
    if (!period)
      periods.set(
        key,
        (period = { month: entry.month, country: entry.country, confirmed: 0, pending: 0, purchases: 0 }),
      );
    const donation = donations.get(entry.donationId) ?? {
      period,
      open: 0,
      organisation: entry.organisation,
      confirmed: 0,
    };
    donations.set(entry.donationId, donation);
    if (entry.state === DonationStatus.DONATION_STATUS_CONFIRMED) {
      period.confirmed += entry.accountingMinor;
      donation.confirmed += entry.accountingMinor;
    } else if (entry.state === DonationStatus.DONATION_STATUS_PENDING) period.pending += entry.accountingMinor;
    donation.open += entry.amountMinor;
  }
  const organisations = new Map<string, number>();
  let purchases = 0;
  for (const donation of donations.values()) {
    if (donation.open !== 0) {
      donation.period.purchases += 1;
      purchases += 1;
    }
    organisations.set(donation.organisation, (organisations.get(donation.organisation) ?? 0) + donation.confirmed);
  }
  const list = [...periods.values()].sort((a, b) =>
    a.month === b.month ? a.country.localeCompare(b.country) : a.month < b.month ? 1 : -1,
  );
  return {
    periods: list,
    confirmed: list.reduce((sum, p) => sum + p.confirmed, 0),
    pending: list.reduce((sum, p) => sum + p.pending, 0),
    purchases,
    organisations,
  };
}
