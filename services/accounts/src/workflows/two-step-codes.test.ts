import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { pino } from 'pino';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { AccountType } from '@pc/proto/accounts/v1/types';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { newUser } from '../domain/new-user.js';
import { newAppSecret, recoveryCodeHash } from '../domain/two-step.js';
import { SecretBox } from '../security/secret-box.js';
import { UserRepository } from '../store/user-repository.js';
import { spendCode } from './two-step-codes.js';

describe('spending a two-step code', () => {
  let dir = '';
  let store: DocumentStore;
  let users: UserRepository;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'accounts-codes-'));
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    users = await UserRepository.open(store);
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const now = new Date('2027-03-01T10:00:00.000Z');
  const logged: string[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => void logged.push(line) });

  /** A stored user with two-step sign-in on, its secret sealed by `box`. */
  async function userWith(box: SecretBox, secret: string, recovery: string) {
    const base = newUser(
      {
        name: 'Ida',
        email: `ida-${Math.random().toString(36).slice(2)}@example.test`,
        phone: '',
        language: 'en',
        accountType: AccountType.ACCOUNT_TYPE_PERSONAL,
        company: '',
        passwordHash: 'x',
      },
      now,
    );
    const twoStep = {
      secret: box.seal(secret, base._id),
      onSince: now.toISOString(),
      lastStep: 0,
      recoveryCodes: [recoveryCodeHash(recovery)],
    };
    return users.put({ ...base, twoStep }, 0);
  }

  it('takes the app code once, and not a second request holding the same user version', async () => {
    const box = new SecretBox([randomBytes(32)]);
    const secret = newAppSecret();
    const user = await userWith(box, secret, 'abcde-fghjk');
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: now.getTime() });
    const deps = { users, secrets: box, clock: () => now, logger };
    const [first, second] = await Promise.all([spendCode(deps, user, code, true), spendCode(deps, user, code, true)]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const stored = await users.get(user._id);
    expect(await spendCode(deps, stored!, code, true)).toBeNull();
  });

  it('refuses app codes when no key it holds opens the secret (logged), and still takes a recovery code', async () => {
    const secret = newAppSecret();
    const user = await userWith(new SecretBox([randomBytes(32)]), secret, 'abcde-fghjk');
    const deps = { users, secrets: new SecretBox([randomBytes(32)]), clock: () => now, logger };
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: now.getTime() });
    expect(await spendCode(deps, user, code, true)).toBeNull();
    expect(logged.join('')).toContain('a two-step secret does not open');
    const spent = await spendCode(deps, user, 'ABCDE FGHJK', true);
    expect([spent?.recoveryCodeUsed, spent?.user.twoStep?.recoveryCodes]).toEqual([true, []]);
  });
});
