import { CLICK_DAYS_KEPT, clicksOn, entityClicksOn, firstDayOf, withClick, type ClickRecord } from './click-record.js';

describe('withClick', () => {
  it('counts a click all-time and on its day in its country', () => {
    const one = withClick(null, 'p1', 'CH', '2026-11-28');
    const two = withClick(withClick(one, 'p1', 'CH', '2026-11-28'), 'p1', 'DE', '2026-11-27');
    expect(two).toEqual({
      _id: 'p1',
      countries: { CH: 2, DE: 1 },
      days: { CH: { '2026-11-28': 2 }, DE: { '2026-11-27': 1 } },
      recent: [],
    });
    expect(clicksOn(two, 'CH', '2026-11-28')).toBe(2);
    expect(clicksOn(two, 'CH', '2026-11-27')).toBe(0);
  });

  it('keeps the days of the window that ends with the newest one, and counts older clicks only all-time', () => {
    expect(firstDayOf('2026-12-01', CLICK_DAYS_KEPT)).toBe('2026-11-02');
    let record = withClick(null, 'p1', 'CH', '2026-11-01');
    record = withClick(record, 'p1', 'DE', '2026-11-02');
    record = withClick(record, 'p1', 'CH', '2026-12-01');
    expect(record.days).toEqual({ CH: { '2026-12-01': 1 }, DE: { '2026-11-02': 1 } });
    // A late click of a day out of the window: all-time only.
    record = withClick(record, 'p1', 'CH', '2026-11-01');
    expect(record.days).toEqual({ CH: { '2026-12-01': 1 }, DE: { '2026-11-02': 1 } });
    expect(record.countries).toEqual({ CH: 3, DE: 1 });
    record = withClick(record, 'p1', 'CH', '2026-12-02');
    expect(record.days).toEqual({ CH: { '2026-12-01': 1, '2026-12-02': 1 } });
  });

  it('takes a record of before the days were kept', () => {
    const old: ClickRecord = { _id: 'p1', countries: { CH: 5 }, recent: ['c1'] };
    expect(clicksOn(old, 'CH', '2026-11-28')).toBe(0);
    expect(withClick(old, 'p1', 'CH', '2026-11-28')).toEqual({
      _id: 'p1',
      countries: { CH: 6 },
      days: { CH: { '2026-11-28': 1 } },
      recent: ['c1'],
    });
  });

  it("counts a click for its entities on its day, and drops their days with the record's", () => {
    let record = withClick(null, 'p1', 'CH', '2026-11-01', ['brand:zest', 'shop:s1']);
    record = withClick(record, 'p1', 'DE', '2026-11-01', ['brand:zest', 'shop:s2']);
    record = withClick(record, 'p1', 'CH', '2026-11-28', ['brand:zest', 'shop:s1']);
    expect(record.entities).toEqual({
      'brand:zest': { '2026-11-01': 2, '2026-11-28': 1 },
      'shop:s1': { '2026-11-01': 1, '2026-11-28': 1 },
      'shop:s2': { '2026-11-01': 1 },
    });
    expect(entityClicksOn(record, '2026-11-01')).toEqual([
      { entity: 'brand:zest', count: 2 },
      { entity: 'shop:s1', count: 1 },
      { entity: 'shop:s2', count: 1 },
    ]);
    // 12-01 starts a window that leaves 11-01 out; a late click of such a day counts for no entity.
    record = withClick(record, 'p1', 'CH', '2026-12-01', ['brand:zest']);
    record = withClick(record, 'p1', 'CH', '2026-11-01', ['brand:zest', 'shop:s2']);
    expect(record.entities).toEqual({
      'brand:zest': { '2026-11-28': 1, '2026-12-01': 1 },
      'shop:s1': { '2026-11-28': 1 },
    });
    expect(entityClicksOn(record, '2026-11-01')).toEqual([]);
  });

  it('leaves a record without entities as it was', () => {
    expect(withClick(null, 'p1', 'CH', '2026-11-28')).not.toHaveProperty('entities');
  });
});
