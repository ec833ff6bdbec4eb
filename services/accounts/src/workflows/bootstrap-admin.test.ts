import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { Outbox } from '@pc/kit/events/outbox';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { newUser } from '../domain/new-user.js';
import { PasswordHasher } from '../security/password-hasher.js';
import { UserRepository } from '../store/user-repository.js';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { ALL_STAFF_PANELS, bootstrapAdmin, ensureAdmin, type AdminParts } from './bootstrap-admin.js';

describe('admins from the command line and from the environment', () => {
  let dir: string;
  let documents: DocumentStore;
  let bus: EventBus;
  let parts: AdminParts;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'accounts-admin-'));
    documents = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    bus = openEmbeddedEventBus({ path: join(dir, 'log.sqlite') });
    const logger = pino({ level: 'silent' });
    parts = {
      users: await UserRepository.open(documents),
      hasher: new PasswordHasher(),
      outbox: new Outbox(bus, 'accounts', logger),
      clock: () => new Date(),
      logger,
    };
  });
  afterEach(async () => {
    await bus.close();
    await documents.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates a verified admin who can sign in with the given password', async () => {
    expect(await ensureAdmin(parts, { email: 'Root@Example.test', password: 'root-secret', name: 'Ada' })).toBe(
      'created',
    );
    const admin = await parts.users.getByEmail('root@example.test');
    expect(admin).toMatchObject({ isAdmin: true, name: 'Ada', outboxPending: false });
    expect(admin?.emailVerifiedAt).not.toBeNull();
    expect(await parts.hasher.verify(admin?.passwordHash ?? '', 'root-secret')).toBe(true);
    expect(await ensureAdmin(parts, { email: 'root@example.test', password: 'whatever' })).toBe('already-admin');
  });

  it('promotes an existing user without touching the password', async () => {
    const user = newUser(
      {
        name: 'Eve',
        email: 'eve@example.test',
        phone: '',
        language: 'en',
        company: '',
        accountType: 1,
        passwordHash: await parts.hasher.hash('eves-own'),
      },
      new Date(),
    );
    await parts.users.put(user, 0);
    expect(await ensureAdmin(parts, { email: 'eve@example.test', password: 'taken-over' })).toBe('promoted');
    const promoted = await parts.users.getByEmail('eve@example.test');
    expect(promoted?.isAdmin).toBe(true);
    expect(await parts.hasher.verify(promoted?.passwordHash ?? '', 'eves-own')).toBe(true);
  });

  it('gives the roles of the panels asked for, all five by default, and adds missing ones later', async () => {
    expect(
      await ensureAdmin(parts, {
        email: 'shop@example.test',
        password: 'shop-secret',
        panels: [AdminPanel.ADMIN_PANEL_SHOPPING, AdminPanel.ADMIN_PANEL_CRAWLER],
      }),
    ).toBe('created');
    expect((await parts.users.getByEmail('shop@example.test'))?.adminPanels).toEqual([
      AdminPanel.ADMIN_PANEL_SHOPPING,
      AdminPanel.ADMIN_PANEL_CRAWLER,
    ]);
    expect(
      await ensureAdmin(parts, { email: 'shop@example.test', password: 'x', panels: [AdminPanel.ADMIN_PANEL_CRAWLER] }),
    ).toBe('already-admin');
    expect(
      await ensureAdmin(parts, { email: 'shop@example.test', password: 'x', panels: [AdminPanel.ADMIN_PANEL_ADMIN] }),
    ).toBe('roles-added');
    expect((await parts.users.getByEmail('shop@example.test'))?.adminPanels).toEqual([
      AdminPanel.ADMIN_PANEL_SHOPPING,
      AdminPanel.ADMIN_PANEL_CRAWLER,
      AdminPanel.ADMIN_PANEL_ADMIN,
    ]);
    await ensureAdmin(parts, { email: 'all@example.test', password: 'all-secret' });
    expect((await parts.users.getByEmail('all@example.test'))?.adminPanels).toEqual([...ALL_STAFF_PANELS]);
  });

  it('bootstraps only while no admin exists', async () => {
    await bootstrapAdmin(parts, 'first@example.test', 'first-secret');
    await bootstrapAdmin(parts, 'second@example.test', 'second-secret');
    expect(await parts.users.count({ isAdmin: true })).toBe(1);
    expect(await parts.users.getByEmail('second@example.test')).toBeNull();
  });
});
