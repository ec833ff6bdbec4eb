import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { MAX_JSON_CHARS } from './audit-entry.js';
import { AuditLog } from './audit-log.js';

describe("AuditLog (staff writes, in the owning service's store)", () => {
  let dir: string;
  let store: DocumentStore;
  let now = Date.parse('2026-03-01T10:00:00Z');

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'audit-log-'));
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const clock = () => new Date((now += 1_000));

  it('keeps who, what, when, before and after; lists a panel newest first with filters', async () => {
    const audit = await AuditLog.open(store, 'catalog', clock);
    await audit.record({
      actorUserId: 'u_ada',
      panel: 'shopping',
      action: 'product.update',
      entityType: 'product',
      entityId: 'p1',
      before: { name: 'Old' },
      after: { name: 'New' },
    });
    await audit.record({
      actorUserId: 'u_bob',
      panel: 'shopping',
      action: 'brand.update',
      entityType: 'brand',
      entityId: 'b1',
      before: null,
      after: { name: 'Acme' },
    });
    await audit.record({
      actorUserId: 'u_ada',
      panel: 'crawler',
      action: 'host.pause',
      entityType: 'host',
      entityId: 'h1',
      before: { paused: false },
      after: { paused: true },
    });

    const shopping = await audit.list({ panel: 'shopping' }, { page: 1, hitsPerPage: 10, skip: 0 });
    expect(shopping.total).toBe(2);
    expect(shopping.entries.map((entry) => entry.action)).toEqual(['brand.update', 'product.update']);
    expect(shopping.entries[1]).toMatchObject({
      service: 'catalog',
      actorUserId: 'u_ada',
      entityId: 'p1',
      beforeJson: '{"name":"Old"}',
      afterJson: '{"name":"New"}',
      truncated: false,
    });
    expect(shopping.entries[0]?.beforeJson).toBe('');

    expect(
      (
        await audit.list({ panel: 'shopping', actorUserId: 'u_ada' }, { page: 1, hitsPerPage: 10, skip: 0 })
      ).entries.map((e) => e.entityId),
    ).toEqual(['p1']);
    expect(
      (
        await audit.list(
          { panel: 'shopping', entityType: 'brand', entityId: 'b1' },
          { page: 1, hitsPerPage: 10, skip: 0 },
        )
      ).total,
    ).toBe(1);
    expect(
      (await audit.list({ panel: 'crawler' }, { page: 1, hitsPerPage: 10, skip: 0 })).entries.map((e) => e.action),
    ).toEqual(['host.pause']);
  });

  it('records a write only when it succeeded, and cuts huge values', async () => {
    const audit = await AuditLog.open(store, 'catalog', clock);
    const input = {
      actorUserId: 'u_ada',
      panel: 'shopping' as const,
      action: 'product.update',
      entityType: 'product',
      entityId: 'p1',
      before: { name: 'x'.repeat(MAX_JSON_CHARS * 2) },
    };
    await expect(
      audit.around(
        input,
        () => Promise.reject(new Error('refused')),
        () => ({}),
      ),
    ).rejects.toThrow('refused');
    expect((await audit.list({ panel: 'shopping' }, { page: 1, hitsPerPage: 10, skip: 0 })).total).toBe(0);
    expect(
      await audit.around(
        input,
        async () => 42,
        (result) => ({ result }),
      ),
    ).toBe(42);
    const [entry] = (await audit.list({ panel: 'shopping' }, { page: 1, hitsPerPage: 10, skip: 0 })).entries;
    expect(entry).toMatchObject({ truncated: true, afterJson: '{"result":42}' });
    expect(entry?.beforeJson.length).toBe(MAX_JSON_CHARS);
  });

  it('orders entries written in the same millisecond by their order of writing', async () => {
    const fixed = () => new Date('2026-03-01T12:00:00Z');
    const audit = await AuditLog.open(store, 'catalog', fixed);
    for (const id of ['a', 'b', 'c'])
      await audit.record({
        actorUserId: '',
        panel: 'admin',
        action: 'user.lock',
        entityType: 'user',
        entityId: id,
        before: null,
        after: null,
      });
    const { entries } = await audit.list({ panel: 'admin' }, { page: 1, hitsPerPage: 2, skip: 0 });
    expect(entries.map((e) => e.entityId)).toEqual(['c', 'b']);
  });
});
