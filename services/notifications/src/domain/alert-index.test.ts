import { AlertKind, AlertState } from '@pc/proto/notifications/v1/types';
import { AlertIndex } from './alert-index.js';

const chf = (amountMinor: number) => ({ amountMinor, currency: 'CHF' });
const alert = (id: string, fields: Partial<Parameters<AlertIndex['upsert']>[0]> = {}) => ({
  _id: id,
  productId: 'p1',
  country: 'CH',
  kind: AlertKind.ALERT_KIND_TARGET_PRICE,
  state: AlertState.ALERT_STATE_ARMED,
  targetPrice: chf(10_000),
  referencePrice: null,
  dropPercent: 0,
  rearmAutomatically: false,
  ...fields,
});

describe('AlertIndex', () => {
  it('suggests exactly the armed price alerts a new lowest price crosses', () => {
    const index = new AlertIndex();
    index.load([
      alert('t100', { targetPrice: chf(10_000) }),
      alert('t90', { targetPrice: chf(9_000) }),
      alert('t80', { targetPrice: chf(8_000) }),
    ]);
    index.upsert(
      alert('drop10', {
        kind: AlertKind.ALERT_KIND_PERCENTAGE_DROP,
        targetPrice: null,
        referencePrice: chf(12_000),
        dropPercent: 10,
      }),
    );
    expect(index.evaluate('p1', 'CH', { lowest: chf(11_000), inStockOffers: 0 }).fire).toEqual([]);
    expect([...index.evaluate('p1', 'CH', { lowest: chf(9_000), inStockOffers: 0 }).fire].sort()).toEqual([
      'drop10',
      't100',
      't90',
    ]);
    expect(index.evaluate('p1', 'DE', { lowest: chf(1), inStockOffers: 1 })).toEqual({
      fire: [],
      rearm: [],
      reference: [],
    });
    expect(index.evaluate('p1', 'CH', { lowest: { amountMinor: 1, currency: 'EUR' }, inStockOffers: 0 }).fire).toEqual(
      [],
    );
  });

  it('drops fired and paused alerts, keeps auto re-arming ones until their condition stops holding', () => {
    const index = new AlertIndex();
    index.upsert(alert('a'));
    index.upsert(alert('b', { state: AlertState.ALERT_STATE_PAUSED }));
    expect(index.size).toBe(1);
    index.upsert(alert('a', { state: AlertState.ALERT_STATE_FIRED }));
    expect(index.size).toBe(0);
    index.upsert(alert('c', { state: AlertState.ALERT_STATE_FIRED, rearmAutomatically: true }));
    expect(index.evaluate('p1', 'CH', { lowest: chf(9_000), inStockOffers: 0 }).rearm).toEqual([]);
    expect(index.evaluate('p1', 'CH', { lowest: chf(10_001), inStockOffers: 0 }).rearm).toEqual(['c']);
    index.remove('c');
    expect(index.size).toBe(0);
  });

  it('fires back-in-stock alerts on stock and gives reference-less drop alerts the first price', () => {
    const index = new AlertIndex();
    index.upsert(alert('stock', { kind: AlertKind.ALERT_KIND_BACK_IN_STOCK, targetPrice: null }));
    index.upsert(alert('drop', { kind: AlertKind.ALERT_KIND_PERCENTAGE_DROP, targetPrice: null, dropPercent: 5 }));
    expect(index.evaluate('p1', 'CH', { lowest: null, inStockOffers: 0 })).toEqual({
      fire: [],
      rearm: [],
      reference: [],
    });
    expect(index.evaluate('p1', 'CH', { lowest: chf(500), inStockOffers: 2 })).toEqual({
      fire: ['stock'],
      rearm: [],
      reference: ['drop'],
    });
  });

  it('keeps groups sorted whether alerts are loaded in bulk or inserted one by one', () => {
    const bulk = new AlertIndex();
    const single = new AlertIndex();
    const alerts = Array.from({ length: 200 }, (_, i) =>
      alert(`a${i}`, { targetPrice: chf(((i * 7919) % 200) * 100) }),
    );
    bulk.load(alerts);
    for (const a of alerts) single.upsert(a);
    for (const price of [0, 50, 9_999, 10_000, 19_900, 30_000]) {
      const picture = { lowest: chf(price), inStockOffers: 0 };
      expect([...bulk.evaluate('p1', 'CH', picture).fire].sort()).toEqual(
        [...single.evaluate('p1', 'CH', picture).fire].sort(),
      );
      expect(bulk.evaluate('p1', 'CH', picture).fire).toHaveLength(
        alerts.filter((a) => (a.targetPrice?.amountMinor ?? 0) >= price).length,
      );
    }
  });
});
