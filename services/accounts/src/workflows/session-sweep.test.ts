import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { KnownBrowserRepository } from '../store/known-browser-repository.js';
import { SessionRepository } from '../store/session-repository.js';
import { SignInChallengeRepository } from '../store/sign-in-challenge-repository.js';
import { KNOWN_BROWSER_KEPT_MS, SessionSweep } from './session-sweep.js';

describe('the session sweep', () => {
  let dir = '';
  let store: DocumentStore;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'accounts-sweep-'));
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('removes expired sessions and sign-in challenges, and forgets browsers unused for longer than they are kept', async () => {
    const now = new Date('2027-06-01T00:00:00.000Z');
    const sessions = await SessionRepository.open(store);
    const browsers = await KnownBrowserRepository.open(store);
    const challenges = await SignInChallengeRepository.open(store);
    const at = (ms: number) => new Date(now.getTime() - ms);
    const base = { userId: 'u1', remember: false, createdAt: '', lastSeenAt: '', ip: '', userAgent: '' };
    await sessions.create({ ...base, _id: 'h1', id: 's1', expiresAt: at(1_000).toISOString() });
    await sessions.create({ ...base, _id: 'h2', id: 's2', expiresAt: at(-3_600_000).toISOString() });
    await browsers.signedIn('u1', 'Old', at(KNOWN_BROWSER_KEPT_MS + 86_400_000));
    await browsers.signedIn('u1', 'Recent', at(86_400_000));
    const challenge = { userId: 'u1', remember: false, createdAt: '', wrongCodes: 0 };
    await challenges.create({ ...challenge, _id: 'c1', expiresAt: at(1_000).toISOString() });
    await challenges.create({ ...challenge, _id: 'c2', expiresAt: at(-60_000).toISOString() });
    const sweep = new SessionSweep(sessions, browsers, challenges, () => now, pino({ level: 'silent' }));
    expect(await sweep.sweep()).toBe(1);
    expect([await sessions.byTokenHash('h1'), (await sessions.byTokenHash('h2'))?.id]).toEqual([null, 's2']);
    expect(await browsers.signedIn('u1', 'Recent', now)).toBe('known');
    expect(await browsers.signedIn('u1', 'Old', now)).toBe('new');
    expect([await challenges.get('c1'), (await challenges.get('c2'))?._id]).toEqual([null, 'c2']);
  });
});
