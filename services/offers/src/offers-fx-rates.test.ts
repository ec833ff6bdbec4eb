import { status as GrpcStatus } from '@grpc/grpc-js';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import type { FxRate } from '@pc/proto/common/v1/money';
import { createServiceClient } from '@pc/kit/grpc/client';
import { OffersHarness } from './test-support/offers-harness.js';

const DAY = 86_400_000;
const NOW = Date.now();
/** A time `days` before the test file started (negative: after). */
const daysAgo = (days: number) => new Date(NOW - days * DAY);
const SEEDED = daysAgo(30);

/**
 * The admin panel's FX rates (staff:admin): ListFxRates shows every stored pair's rate in effect
 * with its source, SetFxRates is audited in the admin panel's log, and a rate stored again for
 * the same pair and day (a correction) is the one conversions use at once.
 */
describe('offers FX rates for staff: ListFxRates, audited SetFxRates, corrections', () => {
  let h: OffersHarness;
  let audit: ReturnType<typeof createServiceClient<typeof AuditServiceService>>;
  let admin = '';
  let shopStaff = '';
  const rate = (baseCurrency: string, quoteCurrency: string, value: string, asOf: Date): FxRate => ({
    baseCurrency,
    quoteCurrency,
    rate: value,
    asOf,
  });
  const listed = async (actorUserId: string, at?: Date) =>
    (await h.offers.listFxRates({ actorUserId, at })).rates.map((stored) => [
      `${stored.rate?.baseCurrency}>${stored.rate?.quoteCurrency}`,
      stored.rate?.rate,
      stored.rate?.asOf?.toISOString(),
      stored.source,
    ]);
  const fxEntries = () =>
    audit.listAuditEntries({
      actorUserId: admin,
      panel: 'admin',
      entityType: 'fx_rates',
      entityId: '',
      byUserId: '',
      action: '',
      page: undefined,
    });

  beforeAll(async () => {
    h = await OffersHarness.start();
    audit = createServiceClient(AuditServiceService, h.address, { deadlineMs: 20_000 });
    admin = h.staffUserId;
    shopStaff = await h.staffUser('shopping-staff@offers.test', AdminPanel.ADMIN_PANEL_SHOPPING);
    await h.offers.setFxRates({
      actorUserId: admin,
      source: 'seed',
      rates: [
        rate('EUR', 'CHF', '0.95', SEEDED),
        rate('CHF', 'EUR', '1.0526315789', SEEDED),
        rate('EUR', 'USD', '1.05', SEEDED),
      ],
    });
  }, 60_000);
  afterAll(() => h.stop());

  it("lists every stored pair's rate in effect with its source; never inverse or pivot rates", async () => {
    await h.offers.setFxRates({
      actorUserId: admin,
      source: 'ECB',
      rates: [rate('EUR', 'CHF', '0.9412', daysAgo(1)), rate('EUR', 'GBP', '0.8537', daysAgo(1))],
    });
    // A rate that starts tomorrow is not in effect yet.
    await h.offers.setFxRates({
      actorUserId: admin,
      source: 'manual',
      rates: [rate('EUR', 'JPY', '160', daysAgo(-1))],
    });

    expect(await listed(admin)).toEqual([
      ['CHF>EUR', '1.0526315789', SEEDED.toISOString(), 'seed'],
      ['EUR>CHF', '0.9412', daysAgo(1).toISOString(), 'ECB'],
      ['EUR>GBP', '0.8537', daysAgo(1).toISOString(), 'ECB'],
      ['EUR>USD', '1.05', SEEDED.toISOString(), 'seed'],
    ]);
    const [first] = (await h.offers.listFxRates({ actorUserId: admin, at: undefined })).rates;
    expect(first?.storedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // At an earlier time: the rates valid then.
    expect(await listed(admin, daysAgo(10))).toEqual([
      ['CHF>EUR', '1.0526315789', SEEDED.toISOString(), 'seed'],
      ['EUR>CHF', '0.95', SEEDED.toISOString(), 'seed'],
      ['EUR>USD', '1.05', SEEDED.toISOString(), 'seed'],
    ]);
  });

  it("refuses a holder of another panel's role: nothing listed, stored or audited", async () => {
    const entriesBefore = (await fxEntries()).entries.length;
    await expect(h.offers.listFxRates({ actorUserId: shopStaff, at: undefined })).rejects.toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
    await expect(
      h.offers.setFxRates({
        actorUserId: shopStaff,
        source: 'manual',
        rates: [rate('EUR', 'SEK', '11.5', daysAgo(0))],
      }),
    ).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    await expect(h.offers.listFxRates({ actorUserId: '', at: undefined })).rejects.toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
    expect((await listed(admin)).map(([pair]) => pair)).not.toContain('EUR>SEK');
    expect((await fxEntries()).entries).toHaveLength(entriesBefore);
  });

  it('audits a write with the pairs before and what was stored; a refused write records nothing', async () => {
    const asOf = daysAgo(0);
    await h.offers.setFxRates({
      actorUserId: admin,
      source: 'manual',
      rates: [rate('EUR', 'USD', '1.0541', asOf), rate('USD', 'EUR', '0.9486765961', asOf)],
    });
    await expect(
      h.offers.setFxRates({ actorUserId: admin, source: 'manual', rates: [rate('EUR', 'USD', '0', asOf)] }),
    ).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    const [entry] = (await fxEntries()).entries;
    expect(entry).toMatchObject({
      service: 'offers',
      panel: 'admin',
      actorUserId: admin,
      action: 'fx_rates.set',
      entityType: 'fx_rates',
      entityId: 'manual',
    });
    expect(JSON.parse(entry?.beforeJson ?? '{}')).toEqual({
      rates: [{ base: 'EUR', quote: 'USD', rate: '1.05', asOf: SEEDED.toISOString(), source: 'seed' }],
    });
    expect(JSON.parse(entry?.afterJson ?? '{}')).toEqual({
      rates: [
        { base: 'EUR', quote: 'USD', rate: '1.0541', asOf: asOf.toISOString(), source: 'manual' },
        { base: 'USD', quote: 'EUR', rate: '0.9486765961', asOf: asOf.toISOString(), source: 'manual' },
      ],
    });
  });

  it('a rate stored again for the same pair and as_of replaces the one conversions use', async () => {
    const asOf = daysAgo(1);
    await h.offers.setFxRates({ actorUserId: admin, source: 'ECB', rates: [rate('EUR', 'CHF', '0.9412', asOf)] });
    expect(
      (await h.offers.getFxRates({ baseCurrency: 'EUR', quoteCurrencies: ['CHF'], at: undefined })).rates[0]?.rate,
    ).toBe('0.9412');
    await h.offers.setFxRates({ actorUserId: admin, source: 'manual', rates: [rate('EUR', 'CHF', '0.9421', asOf)] });
    expect(
      (await h.offers.getFxRates({ baseCurrency: 'EUR', quoteCurrencies: ['CHF'], at: undefined })).rates[0]?.rate,
    ).toBe('0.9421');
    expect(await listed(admin)).toContainEqual(['EUR>CHF', '0.9421', asOf.toISOString(), 'manual']);
  });
});
