import { openPlannedStore, type PlannedStore } from '@pc/sqlite-document-store/testing/query-plans';
import { KnownBrowserRepository } from './known-browser-repository.js';

let planned: PlannedStore;
let browsers: KnownBrowserRepository;

beforeAll(async () => {
  planned = await openPlannedStore();
  browsers = await KnownBrowserRepository.open(planned.store);
});

afterAll(async () => {
  await planned.close();
});

const day = (d: number) => new Date(Date.UTC(2026, 0, d));

describe('KnownBrowserRepository', () => {
  it('tells a user’s first browser, a new one and a known one apart, each user on their own', async () => {
    expect(await browsers.signedIn('u1', 'Firefox', day(1))).toBe('first');
    expect(await browsers.signedIn('u1', 'Firefox', day(2))).toBe('known');
    expect(await browsers.signedIn('u1', 'Safari', day(3))).toBe('new');
    expect(await browsers.signedIn('u2', 'Safari', day(3))).toBe('first');
  });

  it('forgets browsers unused since a day, oldest first, at most the limit per call, by the index', async () => {
    await browsers.signedIn('u3', 'Old', day(1));
    await browsers.signedIn('u3', 'Older', day(1));
    await browsers.signedIn('u3', 'Recent', day(20));
    const from = planned.finds.length;
    // u1's Firefox (last day 2) and Safari (day 3), u2's Safari (day 3), u3's two of day 1.
    expect(await browsers.deleteUnusedSince(day(10), 3)).toBe(3);
    expect(await browsers.deleteUnusedSince(day(10), 3)).toBe(2);
    expect(await browsers.deleteUnusedSince(day(10), 3)).toBe(0);
    for (const find of planned.finds.slice(from)) {
      const plan = planned.planOf(find);
      expect(plan).toMatch(/^SEARCH t USING (COVERING )?INDEX cx_known_browsers\(lastSignInAt\)/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
    // Forgotten, a browser is new again; the recent one is still known.
    expect(await browsers.signedIn('u3', 'Old', day(21))).toBe('new');
    expect(await browsers.signedIn('u3', 'Recent', day(21))).toBe('known');
    expect(await browsers.signedIn('u1', 'Firefox', day(21))).toBe('first');
  });
});
