import { openPlannedStore, type PlannedStore } from '@pc/sqlite-document-store/testing/query-plans';
import type { SessionRecord } from '../domain/session-record.js';
import { SessionRepository } from './session-repository.js';

let planned: PlannedStore;
let sessions: SessionRepository;

beforeAll(async () => {
  planned = await openPlannedStore();
  sessions = await SessionRepository.open(planned.store);
});

afterAll(async () => {
  await planned.close();
});

const session = (n: number, expiresAt: string): SessionRecord => ({
  _id: `hash-${n}`,
  id: `s${n}`,
  userId: 'u1',
  remember: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  lastSeenAt: '2026-11-01T00:00:00.000Z',
  expiresAt,
  ip: '',
  userAgent: '',
});

describe('SessionRepository.deleteExpired', () => {
  it('deletes the sessions expired by then, at most the limit per call, reading the expiry index (never every session)', async () => {
    // The _id order (hash-0 … hash-3) differs from the expiry order on purpose.
    await Promise.all(
      [
        session(0, '2026-11-30T00:00:00.000Z'),
        session(1, '2026-11-02T00:00:00.000Z'),
        session(2, '2026-11-03T00:00:00.000Z'),
        session(3, '2026-11-01T12:00:00.000Z'),
      ].map((s) => sessions.create(s)),
    );
    const from = planned.finds.length;
    expect(await sessions.deleteExpired(new Date('2026-11-05T00:00:00.000Z'), 2)).toBe(2);
    expect(await sessions.byTokenHash('hash-3')).toBeNull(); // the earliest expiries go first
    expect(await sessions.deleteExpired(new Date('2026-11-05T00:00:00.000Z'), 2)).toBe(1);
    expect(await sessions.deleteExpired(new Date('2026-11-05T00:00:00.000Z'), 2)).toBe(0);
    expect(await sessions.byTokenHash('hash-0')).not.toBeNull();
    for (const find of planned.finds.slice(from)) {
      const plan = planned.planOf(find);
      expect(plan).toMatch(/^SEARCH t USING (COVERING )?INDEX cx_sessions\(expiresAt\)/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});
