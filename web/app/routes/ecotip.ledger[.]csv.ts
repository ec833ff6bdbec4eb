import type { DonationEntry } from '@pc/proto/affiliates/v1/types';
import { errorResponse } from '~/api/http/respond.server';
import { donationStatusKey } from '~/api/mappers/affiliate-keys.server';
import { donationEntries } from '~/services/affiliates.server';

const PAGE = 1_000;
const COLUMNS = [
  'entry_id',
  'created_at',
  'month',
  'country',
  'donation_id',
  'transaction_id',
  'click_id',
  'state',
  'amount',
  'currency',
  'amount_chf',
  'fx_rate',
  'organisation',
];

/** Minor units as a decimal with exactly two places ("-5.50"). */
const decimal = (minor: number) =>
  `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
/** RFC 4180: quoted when it holds a comma, quote or line break. */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function row(entry: DonationEntry): string {
  return [
    entry.id,
    entry.createdAt?.toISOString() ?? '',
    entry.month,
    entry.country,
    entry.donationId,
    entry.transactionId,
    entry.clickId,
    donationStatusKey(entry.state),
    decimal(entry.amount?.amountMinor ?? 0),
    entry.amount?.currency ?? '',
    decimal(entry.accountingAmount?.amountMinor ?? 0),
    entry.fxRate,
    entry.organisation,
  ]
    .map(cell)
    .join(',');
}

/**
 * GET /ecotip/ledger.csv: the whole EcoTip donation ledger in order (append-only: a change of
 * a donation is a further row). Each state's rows add up to that state's total on the EcoTip
 * page, in CHF (amount_chf), to the cent.
 */
export async function loader(): Promise<Response> {
  try {
    const lines = [COLUMNS.join(',')];
    for (let token = ''; ;) {
      const page = await donationEntries(token, PAGE);
      lines.push(...page.entries.map(row));
      token = page.page?.nextPageToken ?? '';
      if (!token) break;
    }
    return new Response(`${lines.join('\r\n')}\r\n`, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="ecotip-ledger.csv"',
        'Cache-Control': 'no-store',
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
