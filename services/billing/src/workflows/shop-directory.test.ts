import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { Shop, ShopStatus } from '@pc/proto/offers/v1/types';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { Outbox } from '@pc/kit/events/outbox';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { AccountRepository } from '../store/account-repository.js';
import { AccountLedger } from './account-ledger.js';
import { ShopDirectory } from './shop-directory.js';

describe('ShopDirectory: a shop subscribed before billing heard of it', () => {
  let dir: string;
  let store: DocumentStore;
  let bus: EventBus;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shop-directory-'));
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    bus = openEmbeddedEventBus({ path: join(dir, 'events.sqlite'), pollIntervalMs: 5 });
  });
  afterEach(async () => {
    await bus.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records the shop read from offers with its registration as the billing address, as ShopRegistered would', async () => {
    const accounts = await AccountRepository.open(store);
    const ledger = new AccountLedger(
      accounts,
      new Outbox(bus, 'billing', pino({ level: 'silent' }), store.outbox),
      () => new Date('2026-11-24T10:00:00Z'),
    );
    const shop = Shop.fromPartial({
      id: 'shop-1',
      ownerUserId: 'u1',
      name: 'Velo Huber',
      domain: 'velo-huber.test',
      company: 'Velo Huber AG',
      email: 'billing@velo-huber.test',
      address: { line1: 'Bahnhofstrasse 1', line2: '', zipCode: '8001', city: 'Zürich', country: 'CH' },
      status: ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD,
    });
    const directory = new ShopDirectory(ledger, { getShop: async () => ({ shop }) });
    expect(await directory.requireOwned('u1', 'shop-1')).toMatchObject({ shopId: 'shop-1', covered: false });
    expect((await accounts.collection.get('u1'))?.billingDetails).toEqual({
      name: 'Velo Huber AG',
      company: 'Velo Huber AG',
      email: 'billing@velo-huber.test',
      line1: 'Bahnhofstrasse 1',
      line2: '',
      zipCode: '8001',
      city: 'Zürich',
      country: 'CH',
      vatId: '',
    });
  });
});
