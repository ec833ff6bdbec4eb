import { ClickOrigin, DonationStatus, TransactionStatus } from '@pc/proto/affiliates/v1/types';
import { ledgerTotals } from './ecotip-totals.js';
import { convert, shareOf } from './money.js';
import { transition, type TransactionReport } from './transaction-transition.js';

const terms = { basisPoints: 100, organisation: 'Org' };
const click = {
  clickId: 'ck_1',
  shopId: 's',
  offerId: 'o',
  productId: 'p',
  country: 'CH',
  origin: ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE,
  isGreen: true,
};
const report = (status: TransactionStatus, amountMinor = 10_050): TransactionReport => ({
  network: 'n',
  externalId: 'x',
  shopId: 's',
  orderValue: { amountMinor, currency: 'EUR' },
  commission: null,
  status,
  orderedAt: new Date('2026-03-10T10:00:00Z'),
});

describe('money', () => {
  it('rounds shares and conversions half to even, exactly', () => {
    expect([shareOf(12_350, 100), shareOf(12_250, 100), shareOf(12_351, 100)]).toEqual([124, 122, 124]);
    expect(convert(333, '0.94')).toBe(313);
    expect(convert(-333, '0.94')).toBe(-313);
    expect(convert(50, '1.01')).toBe(50);
  });
});

describe('a sale’s donation in the ledger', () => {
  it('moves the amount between states by new entries, at the rate it was booked at, and ends at nothing when cancelled', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const pending = transition(null, report(TransactionStatus.TRANSACTION_STATUS_PENDING), click, '0.9', terms, now)!;
    const confirmed = transition(
      pending.next,
      report(TransactionStatus.TRANSACTION_STATUS_APPROVED, 20_000),
      click,
      '2',
      terms,
      now,
    )!;
    const cancelled = transition(
      confirmed.next,
      report(TransactionStatus.TRANSACTION_STATUS_DECLINED, 20_000),
      click,
      '2',
      terms,
      now,
    )!;
    const entries = [...pending.entries, ...confirmed.entries, ...cancelled.entries];
    expect(entries.map((e) => [e.state, e.amountMinor, e.accountingMinor, e.sequence])).toEqual([
      [DonationStatus.DONATION_STATUS_PENDING, 100, 90, 1],
      [DonationStatus.DONATION_STATUS_PENDING, -100, -90, 2],
      [DonationStatus.DONATION_STATUS_CONFIRMED, 200, 180, 3],
      [DonationStatus.DONATION_STATUS_CONFIRMED, -200, -180, 4],
    ]);
    expect(new Set(entries.map((e) => e._id)).size).toBe(4);
    expect(ledgerTotals(entries)).toMatchObject({ confirmed: 0, pending: 0, purchases: 0 });
    expect(ledgerTotals(entries.slice(0, 3))).toMatchObject({ confirmed: 180, pending: 0, purchases: 1 });
  });

  it('changes nothing for a repeat, an earlier state, or anything after a cancellation', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const confirmed = transition(null, report(TransactionStatus.TRANSACTION_STATUS_APPROVED), click, '1', terms, now)!;
    expect(
      transition(confirmed.next, report(TransactionStatus.TRANSACTION_STATUS_APPROVED), click, '1', terms, now),
    ).toBeNull();
    expect(
      transition(confirmed.next, report(TransactionStatus.TRANSACTION_STATUS_PENDING), click, '1', terms, now),
    ).toBeNull();
    const cancelled = transition(
      confirmed.next,
      report(TransactionStatus.TRANSACTION_STATUS_DECLINED),
      click,
      '1',
      terms,
      now,
    )!;
    expect(
      transition(cancelled.next, report(TransactionStatus.TRANSACTION_STATUS_DECLINED, 1), click, '1', terms, now),
    ).toBeNull();
  });
});
