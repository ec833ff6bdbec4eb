import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { AlertState } from '@pc/proto/notifications/v1/types';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { openMongoDocumentStore } from '@pc/mongodb-document-store/mongo-document-store';
import { dropDatabase, uniqueDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { AlertIndex } from '../domain/alert-index.js';
import type { AlertRecord } from '../domain/alert-record.js';
import { AlertRepository } from '../store/alert-repository.js';
import { alertRecord } from '../test-support/alert-record-fixture.js';
import { IndexSync } from './index-sync.js';

const alert = (i: number, state = AlertState.ALERT_STATE_ARMED, updatedAt = '2026-11-24T10:00:00.000Z'): AlertRecord =>
  alertRecord(
    {
      _id: `al_${String(i).padStart(3, '0')}`,
      userId: 'u1',
      productId: `p${i}`,
      targetPrice: { amountMinor: 1_000 + i, currency: 'CHF' },
      state,
    },
    updatedAt,
  );

function describeIndexSync(name: string, open: () => Promise<{ store: DocumentStore; close(): Promise<void> }>): void {
  describe(`IndexSync (${name})`, () => {
    let opened: { store: DocumentStore; close(): Promise<void> };
    let alerts: AlertRepository;
    beforeEach(async () => {
      opened = await open();
      alerts = await AlertRepository.open(opened.store);
    });
    afterEach(() => opened.close());

    it('loads every armed alert in keyset pages, then picks up alerts other replicas write', async () => {
      for (let i = 0; i < 7; i += 1)
        await alerts.collection.put(alert(i, i === 3 ? AlertState.ALERT_STATE_PAUSED : AlertState.ALERT_STATE_ARMED));
      const index = new AlertIndex();
      const sync = new IndexSync(alerts, index, pino({ level: 'silent' }));
      expect(await sync.loadAll(2)).toBe(6);
      expect(
        index.evaluate('p5', 'CH', { lowest: { amountMinor: 900, currency: 'CHF' }, inStockOffers: 0 }).fire,
      ).toEqual(['al_005']);
      await alerts.collection.put(alert(8, AlertState.ALERT_STATE_ARMED, '2026-11-24T10:00:01.000Z'));
      await alerts.collection.put(alert(5, AlertState.ALERT_STATE_PAUSED, '2026-11-24T10:00:02.000Z'));
      await sync.catchUp();
      expect(index.size).toBe(6);
      expect(
        index.evaluate('p8', 'CH', { lowest: { amountMinor: 900, currency: 'CHF' }, inStockOffers: 0 }).fire,
      ).toEqual(['al_008']);
      expect(
        index.evaluate('p5', 'CH', { lowest: { amountMinor: 900, currency: 'CHF' }, inStockOffers: 0 }).fire,
      ).toEqual([]);
    });
  });
}

describeIndexSync('embedded', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'index-sync-'));
  const store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
  return { store, close: async () => (await store.close(), rmSync(dir, { recursive: true, force: true })) };
});

describeWithEngine('MONGODB_URI', 'IndexSync on MongoDB', (uri) => {
  describeIndexSync('MongoDB', async () => {
    const database = uniqueDatabase('pc_index_sync');
    const store = await openMongoDocumentStore({ uri, database });
    return { store, close: async () => (await store.close(), await dropDatabase(uri, database)) };
  });
});
