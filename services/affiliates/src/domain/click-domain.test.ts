import { UserAgentClass } from '@pc/proto/affiliates/v1/types';
import { ClickIds, parseClickId } from './click-id.js';
import { pageTypeOfReferrer } from './click-origin.js';
import { monthEntriesOf, mergeMonth, slotsOf } from './click-months.js';
import { dailyClicks } from './click-stats.js';
import { unfolded } from './fold-marks.js';
import { targetUrl } from './target-url.js';
import { userAgentClass } from './user-agent.js';
import { VisitorKeys } from '@pc/kit/identity/visitor-keys';
import { ZonedCalendar } from './zoned-time.js';

describe('click-out URLs', () => {
  it('appends the shop’s and our parameters without overwriting or re-encoding the link’s own', () => {
    const url = targetUrl(
      'https://shop.example/p?q=a%20b&ref=feed#top',
      [
        [
          { name: 'ref', value: 'ours' },
          { name: 'utm_source', value: 'price compare' },
        ],
        [
          { name: 'sub', value: '{click_id}' },
          { name: 'utm_source', value: 'x' },
        ],
      ],
      'ck_1',
    );
    expect(url).toBe('https://shop.example/p?q=a%20b&ref=feed&utm_source=price%20compare&sub=ck_1#top');
  });

  it('follows only stored http(s) targets', () => {
    expect(targetUrl('javascript:alert(1)', [], 'ck_1')).toBeNull();
    expect(targetUrl('/relative', [], 'ck_1')).toBeNull();
    expect(targetUrl('http://shop.example', [], 'ck_1')).toBe('http://shop.example/');
  });
});

describe('click ids and the fold’s marks', () => {
  it('issues ids that sort in issue order and tell their run and sequence', () => {
    const ids = new ClickIds(Date.UTC(2026, 0, 1));
    const [a, b] = [ids.next(), ids.next()];
    expect(a < b).toBe(true);
    expect(parseClickId(b)).toEqual({ run: ids.run, sequence: 2 });
    expect(parseClickId('ck_short')).toBeNull();
  });

  it('takes a contribution once: a sequence at or below the mark of its run and partition is a repeat', () => {
    const first = unfolded({}, [
      { run: 'r', partition: 0, sequence: 1, delta: 'a' },
      { run: 'r', partition: 0, sequence: 2, delta: 'b' },
      { run: 'r', partition: 0, sequence: 2, delta: 'b again' },
    ]);
    expect(first).toEqual({ taken: ['a', 'b'], marks: { r: [2] } });
    const second = unfolded(first.marks, [
      { run: 'r', partition: 0, sequence: 1, delta: 'a' },
      { run: 'r', partition: 2, sequence: 1, delta: 'c' },
    ]);
    expect(second).toEqual({ taken: ['c'], marks: { r: [2, 0, 1] } });
  });
});

describe('month documents', () => {
  const day = (version: number, clicks: number) => ({
    _id: 's|2026-03-01',
    _version: version,
    shopId: 's',
    day: '2026-03-01',
    total: clicks,
    slots: [clicks, ...new Array<number>(95).fill(0)],
    countries: { CH: clicks },
    marks: {},
  });
  const tally = (version: number, products: Record<string, number>) => ({
    _id: 's|2026-03|2',
    _version: version,
    shopId: 's',
    month: '2026-03',
    products,
    offers: {},
    marks: {},
  });
  const entries = (dayDoc: ReturnType<typeof day>, tallyDoc: ReturnType<typeof tally>) =>
    monthEntriesOf([dayDoc], [tallyDoc]).get('s|2026-03')!;

  it('takes each document at its highest version, in whatever order projections come, and writes nothing for a repeat', () => {
    const older = entries(day(3, 10), tally(5, { a: 4, b: 6 }));
    const newer = entries(day(4, 12), tally(6, { a: 9, b: 6 }));
    const forward = mergeMonth(mergeMonth(null, 's|2026-03', older), 's|2026-03', newer);
    const backward = mergeMonth(null, 's|2026-03', newer);
    expect(mergeMonth(backward, 's|2026-03', older)).toBeNull();
    expect(forward).toEqual(backward);
    expect(forward?.days['2026-03-01']).toMatchObject({ version: 4, total: 12, countries: { CH: 12 } });
    expect(forward?.shards['2']).toEqual({
      version: 6,
      top: [
        ['a', 9],
        ['b', 6],
      ],
    });
    expect(mergeMonth(forward, 's|2026-03', newer)).toBeNull();
  });

  it('keeps a day’s quarter hours listed when few have clicks, all 96 when most do, and read back the same', () => {
    const sparse = entries(day(1, 7), tally(1, {})).days.get('2026-03-01')!;
    expect(sparse).toMatchObject({ quarters: [0, 7] });
    expect(sparse.slots).toBeUndefined();
    expect(slotsOf(sparse)).toEqual([7, ...new Array<number>(95).fill(0)]);
    const busy = { ...day(2, 96), slots: new Array<number>(96).fill(1) };
    const dense = entries(busy, tally(1, {})).days.get('2026-03-01')!;
    expect(dense.quarters).toBeUndefined();
    expect(slotsOf(dense)).toEqual(busy.slots);
  });
});

describe('visitors and user agents', () => {
  it('keys a visitor by a keyed hash that changes with the day', () => {
    const keys = new VisitorKeys('a-secret-of-enough-length');
    const visitor = { visitorId: '', ip: '203.0.113.7', userAgent: 'UA' };
    const monday = keys.keyOf(visitor, new Date('2026-03-02T10:00:00Z'));
    expect(keys.keyOf(visitor, new Date('2026-03-02T23:00:00Z'))).toBe(monday);
    expect(keys.keyOf(visitor, new Date('2026-03-03T01:00:00Z'))).not.toBe(monday);
    expect(new VisitorKeys('another-secret-of-length').keyOf(visitor, new Date('2026-03-02T10:00:00Z'))).not.toBe(
      monday,
    );
  });

  it('classes user agents, crawlers and empty agents as bots', () => {
    expect(
      userAgentClass('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'),
    ).toBe(UserAgentClass.USER_AGENT_CLASS_MOBILE);
    expect(userAgentClass('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15')).toBe(
      UserAgentClass.USER_AGENT_CLASS_TABLET,
    );
    expect(userAgentClass('curl/8.5.0')).toBe(UserAgentClass.USER_AGENT_CLASS_BOT);
    expect(userAgentClass('')).toBe(UserAgentClass.USER_AGENT_CLASS_BOT);
  });

  it('tells the referrer’s page type from the site’s paths', () => {
    expect(
      ['/de-ch/products/p1', 'http://site/en-ch/search?q=x', '/fr', 'external', '', '/wp-admin'].map(
        pageTypeOfReferrer,
      ),
    ).toEqual(['product', 'search', 'home', 'external', 'none', 'other']);
  });
});

describe('local days', () => {
  it('counts a day of 23 hours where the clocks go forward', () => {
    const zurich = new ZonedCalendar('Europe/Zurich');
    const midnights = zurich.midnightsBetween(Date.parse('2026-03-28T12:00:00Z'), Date.parse('2026-03-29T12:00:00Z'));
    expect(midnights.map((m) => new Date(m).toISOString())).toEqual([
      '2026-03-27T23:00:00.000Z',
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
    // A click at 22:30 UTC on the 29th is 00:30 on the 30th in Zurich: after the series.
    const slots = new Array<number>(96).fill(0);
    slots[4] = 1;
    slots[90] = 1;
    const days = [{ _id: 's|2026-03-29', shopId: 's', day: '2026-03-29', total: 2, slots, countries: {}, marks: {} }];
    expect(dailyClicks(days, midnights).map((d) => d.clicks)).toEqual([0, 1]);
  });
});
