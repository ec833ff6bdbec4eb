import { randomUUID } from 'node:crypto';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { pino } from 'pino';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import { loadConfig } from '@pc/kit/config/load-config';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient } from '@pc/kit/grpc/client';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { EventBusAdminServiceService } from '@pc/proto/staff/v1/event_bus';
import { startStaffAccounts, type StaffAccounts } from '../../accounts/src/test-support/staff-accounts.js';
import { searchConfigSchema } from './config.js';
import { eventually } from './testing/eventually.js';
import { startSearch, type SearchHarness } from './testing/search-harness.js';

const text = (value: Uint8Array) => Buffer.from(value).toString('utf8');

/** The bus's staff API as search mounts it, against the bus `env` selects. */
function describeEventBusAdmin(label: string, env: () => Record<string, string>): void {
  describe(`the event bus's staff API (${label})`, () => {
    const topic = `admintest-${randomUUID().slice(0, 8)}.thing-happened.v1`;
    const group = `admintest-consumer-${randomUUID().slice(0, 8)}`;
    let search: SearchHarness & { dataDir: string };
    let side: EventBus;
    let subscription: Subscription;
    let failing = true;
    const consumed: string[] = [];
    let admin: ReturnType<typeof createServiceClient<typeof EventBusAdminServiceService>>;
    // The staff user of the infrastructure panel's calls, whose roles search asks accounts for.
    let staff: StaffAccounts;

    beforeAll(async () => {
      staff = await startStaffAccounts();
      search = await startSearch({ ...env(), ACCOUNTS_GRPC_ADDR: staff.address });
      // Another process's connection to the same bus: the consumer whose handler fails.
      const config = loadConfig(searchConfigSchema, {
        GRPC_PORT: '0',
        OPS_PORT: '0',
        DATA_DIR: search.dataDir,
        ...env(),
      });
      side = await openEventBus(config, pino({ level: 'silent' }), 'admintest');
      await side.ensureTopics([{ name: topic, partitions: 2 }]);
      subscription = await side.subscribe({
        group,
        topics: [topic],
        retry: { maxAttempts: 2, initialBackoffMs: 10, maxBackoffMs: 10 },
        handler: async (record) => {
          if (failing && text(record.value).startsWith('poison'))
            throw new Error(`cannot handle ${text(record.value)}`);
          consumed.push(text(record.value));
        },
      });
      admin = createServiceClient(EventBusAdminServiceService, search.address, { deadlineMs: 30_000 });
    }, 60_000);

    afterAll(async () => {
      await subscription?.stop();
      await side?.close();
      await search?.stop();
      await staff?.stop();
    });

    const pending = async () =>
      (
        await admin.listDeadLetters({
          actorUserId: staff.staffUserId,
          originalTopic: topic,
          page: { page: 1, hitsPerPage: 20 },
        })
      ).deadLetters;

    it('lists the topics, the group with its lag, and a dead letter with its error', async () => {
      await side.publish([{ topic, key: 'k1', value: Buffer.from('poison-1') }]);
      const [letter] = await eventually(async () => {
        const letters = await pending();
        expect(letters).toHaveLength(1);
        return letters;
      }, 30_000);
      expect(letter).toMatchObject({ originalTopic: topic, key: 'k1', attempts: 2, topic: `${topic}.dlq` });
      expect(letter?.error).toContain('cannot handle poison-1');

      const inspected = (await admin.getDeadLetter({ actorUserId: staff.staffUserId, id: letter!.id })).deadLetter;
      expect(inspected?.valueText).toBe('poison-1');

      const topics = await admin.listTopics({
        actorUserId: staff.staffUserId,
        query: topic,
        sort: 'name',
        descending: false,
        page: { page: 1, hitsPerPage: 20 },
      });
      expect(topics.topics.map((found) => [found.name, found.deadLetter])).toEqual([
        [topic, false],
        [`${topic}.dlq`, true],
      ]);
      expect(Number(topics.topics[0]?.records)).toBe(1);

      await eventually(async () => {
        const groups = await admin.listConsumerGroups({
          actorUserId: staff.staffUserId,
          query: group,
          sort: 'lag',
          descending: true,
          page: { page: 1, hitsPerPage: 20 },
        });
        expect(groups.groups.map((found) => [found.group, found.topic, Number(found.lag)])).toEqual([
          [group, topic, 0],
        ]);
      }, 30_000);
    }, 60_000);

    it('replays a dead letter to its topic, where the consumer now handles it; only once', async () => {
      const [letter] = await pending();
      failing = false;
      expect(
        await admin.replayDeadLetters({
          actorUserId: staff.staffUserId,
          id: letter!.id,
          all: false,
          originalTopic: '',
        }),
      ).toEqual({
        replayed: 1,
      });
      await eventually(async () => expect(consumed).toContain('poison-1'), 30_000);
      expect(await pending()).toEqual([]);
      await expect(
        admin.replayDeadLetters({ actorUserId: staff.staffUserId, id: letter!.id, all: false, originalTopic: '' }),
      ).rejects.toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION });
    }, 60_000);

    it('discards a dead letter, which is then neither listed nor replayed, and audits both writes', async () => {
      failing = true;
      await side.publish([{ topic, key: 'k2', value: Buffer.from('poison-2') }]);
      const [letter] = await eventually(async () => {
        const letters = await pending();
        expect(letters).toHaveLength(1);
        return letters;
      }, 30_000);
      await admin.discardDeadLetter({ actorUserId: staff.staffUserId, id: letter!.id });
      expect(await pending()).toEqual([]);
      await expect(
        admin.replayDeadLetters({ actorUserId: staff.staffUserId, id: letter!.id, all: false, originalTopic: '' }),
      ).rejects.toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION });

      const audit = createServiceClient(AuditServiceService, search.address, { deadlineMs: 5_000 });
      const entries = await audit.listAuditEntries({
        actorUserId: staff.staffUserId,
        panel: 'infrastructure',
        entityType: 'dead_letter',
        entityId: '',
        byUserId: '',
        action: '',
        page: { page: 1, hitsPerPage: 20 },
      });
      expect(entries.entries.map((entry) => entry.action).sort()).toEqual([
        'dead_letter.discard',
        'dead_letter.replay',
      ]);
    }, 60_000);

    it('answers bad input with INVALID_ARGUMENT and changes nothing', async () => {
      const invalid = { code: GrpcStatus.INVALID_ARGUMENT };
      const page = { page: 1, hitsPerPage: 20 };
      await expect(
        admin.getDeadLetter({ actorUserId: staff.staffUserId, id: 'not-a-dead-letter' }),
      ).rejects.toMatchObject(invalid);
      await expect(admin.getDeadLetter({ actorUserId: staff.staffUserId, id: `${topic}/0/0` })).rejects.toMatchObject(
        invalid,
      );
      await expect(
        admin.getDeadLetter({ actorUserId: staff.staffUserId, id: `${topic}.dlq/-1/0` }),
      ).rejects.toMatchObject(invalid);
      await expect(
        admin.replayDeadLetters({ actorUserId: staff.staffUserId, id: '', all: false, originalTopic: '' }),
      ).rejects.toMatchObject(invalid);
      await expect(
        admin.replayDeadLetters({
          actorUserId: staff.staffUserId,
          id: `${topic}.dlq/0/0`,
          all: true,
          originalTopic: '',
        }),
      ).rejects.toMatchObject(invalid);
      await expect(admin.discardDeadLetter({ actorUserId: staff.staffUserId, id: ' ' })).rejects.toMatchObject(invalid);
      await expect(
        admin.listDeadLetters({ actorUserId: staff.staffUserId, originalTopic: 'not a topic!', page }),
      ).rejects.toMatchObject(invalid);
      await expect(
        admin.listTopics({ actorUserId: staff.staffUserId, query: '', sort: 'size', descending: false, page }),
      ).rejects.toMatchObject(invalid);
      await expect(
        admin.listConsumerGroups({
          actorUserId: staff.staffUserId,
          query: '',
          sort: 'group',
          descending: false,
          page: { page: 1, hitsPerPage: 500 },
        }),
      ).rejects.toMatchObject(invalid);
      await expect(
        admin.getDeadLetter({ actorUserId: staff.staffUserId, id: `${topic}.dlq/0/999` }),
      ).rejects.toMatchObject({
        code: GrpcStatus.NOT_FOUND,
      });
    });
  });
}

afterAll(() => closeAllChannels());

describeEventBusAdmin('embedded log', () => ({}));

describeWithEngine('KAFKA_BROKERS', 'the event bus staff API on Kafka', (brokers) => {
  const namespace = `search-admin-${randomUUID().slice(0, 8)}`;
  describeEventBusAdmin('kafka', () => ({ EVENT_BUS: 'kafka', KAFKA_BROKERS: brokers, PLATFORM_NAMESPACE: namespace }));
});
