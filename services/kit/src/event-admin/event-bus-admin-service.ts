import {
  EventBusAdminServiceService,
  type ConsumerGroupLag,
  type DeadLetter,
  type TopicInfo,
} from '@pc/proto/staff/v1/event_bus';
import { InvalidArgumentError } from '../errors/domain-errors.js';
import { serviceRegistration, type ServiceRegistration } from '../grpc/service-types.js';
import { pageResponse, resolvePage, type PageInput } from '../paging/page.js';
import { assertTopicName } from '../ports/support/events/topic-name.js';
import type { EventBusAdmin } from '../ports/event-bus-admin.js';
import type { DeadLetters, DeadLetterView } from './dead-letters.js';

/** A staff write as the mounting service's audit log takes it. */
export interface EventAdminAuditEntry {
  readonly actorUserId: string;
  readonly action: 'dead_letter.replay' | 'dead_letter.replay_all' | 'dead_letter.discard';
  readonly entityType: 'dead_letter' | 'dead_letter_topic';
  readonly entityId: string;
  readonly before: unknown;
  readonly after: unknown;
}

export interface EventBusAdminDependencies {
  readonly admin: EventBusAdmin;
  readonly deadLetters: DeadLetters;
  /** The staff rule (staff:infrastructure): resolves, or throws PERMISSION_DENIED / UNAUTHENTICATED. */
  readonly authorize: (actorUserId: string, action: string) => Promise<void>;
  /** Records a write once made (the service's audit log). */
  readonly audit: (entry: EventAdminAuditEntry) => Promise<void>;
}

const PAGING = { defaultSize: 20, maxSize: 100 };

/** Sorts, filters by a substring and pages a list the bus answers whole (topics and groups are few). */
function pageOf<T>(
  items: readonly T[],
  request: { query: string; sort: string; descending: boolean; page?: PageInput },
  sorts: Readonly<Record<string, (a: T, b: T) => number>>,
  text: (item: T) => string,
) {
  const sortName = request.sort.trim() || Object.keys(sorts)[0]!;
  const compare = sorts[sortName];
  if (!compare)
    throw new InvalidArgumentError([
      { field: 'sort', reason: `must be one of ${Object.keys(sorts).join(', ')}`, rule: 'in' },
    ]);
  const page = resolvePage(request.page, PAGING);
  const query = request.query.trim().toLowerCase();
  const matching = items.filter((item) => text(item).toLowerCase().includes(query));
  const sorted = [...matching].sort((a, b) => (request.descending ? -compare(a, b) : compare(a, b)));
  return { rows: sorted.slice(page.skip, page.skip + page.hitsPerPage), page: pageResponse(page, matching.length) };
}

/** The value as staff read it: UTF-8 text when it decodes as such (JSON events do), else base64. */
function valueText(value: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(value);
  } catch {
    return Buffer.from(value).toString('base64');
  }
}

function deadLetterMessage(letter: DeadLetterView, full: boolean): DeadLetter {
  return {
    id: letter.id,
    topic: letter.topic,
    partition: letter.partition,
    offset: letter.offset,
    originalTopic: letter.originalTopic,
    key: letter.key,
    error: letter.error,
    attempts: letter.attempts,
    deadLetteredAt: letter.deadLetteredAt,
    valueText: full ? valueText(letter.value) : '',
    valueBytes: letter.value.byteLength,
    headers: full ? { ...letter.headers } : {},
  };
}

/** What the audit log keeps of a dead letter (the value is the event; its size is enough). */
const auditedLetter = (letter: DeadLetterView) => ({
  originalTopic: letter.originalTopic,
  key: letter.key,
  error: letter.error,
  attempts: letter.attempts,
  valueBytes: letter.value.byteLength,
});

function originalTopicField(value: string): string {
  const topic = value.trim();
  if (topic) assertTopicName(topic, 'original_topic');
  return topic;
}

/**
 * pricecompare.staff.v1.EventBusAdminService (ADR 054): the bus's topics, groups and dead letters
 * for the infrastructure panel. The mounting service supplies the staff rule and the audit log.
 */
export function eventBusAdminService(deps: EventBusAdminDependencies): ServiceRegistration {
  const { admin, deadLetters, authorize, audit } = deps;
  return serviceRegistration('pricecompare.staff.v1.EventBusAdminService', EventBusAdminServiceService, {
    listTopics: async (request) => {
      resolvePage(request.page, PAGING);
      await authorize(request.actorUserId, 'listing the event topics');
      const topics: TopicInfo[] = (await admin.topics()).map((topic) => ({
        ...topic,
        deadLetter: topic.name.endsWith('.dlq'),
      }));
      const { rows, page } = pageOf(
        topics,
        request,
        {
          name: (a, b) => a.name.localeCompare(b.name),
          records: (a, b) => Number(a.records) - Number(b.records) || a.name.localeCompare(b.name),
        },
        (topic) => topic.name,
      );
      return { topics: rows, page };
    },

    listConsumerGroups: async (request) => {
      resolvePage(request.page, PAGING);
      await authorize(request.actorUserId, 'listing the consumer groups');
      const groups: ConsumerGroupLag[] = await admin.groups();
      const byName = (a: ConsumerGroupLag, b: ConsumerGroupLag) =>
        a.group.localeCompare(b.group) || a.topic.localeCompare(b.topic);
      const { rows, page } = pageOf(
        groups,
        request,
        { group: byName, lag: (a, b) => Number(a.lag) - Number(b.lag) || byName(a, b) },
        (group) => `${group.group} ${group.topic}`,
      );
      return { groups: rows, page };
    },

    listDeadLetters: async (request) => {
      const originalTopic = originalTopicField(request.originalTopic);
      const page = resolvePage(request.page, PAGING);
      await authorize(request.actorUserId, 'listing dead letters');
      const pending = await deadLetters.pending(originalTopic);
      return {
        deadLetters: pending
          .slice(page.skip, page.skip + page.hitsPerPage)
          .map((letter) => deadLetterMessage(letter, false)),
        page: pageResponse(page, pending.length),
      };
    },

    getDeadLetter: async (request) => {
      const id = request.id;
      if (!id.trim()) throw new InvalidArgumentError([{ field: 'id', reason: 'is required', rule: 'required' }]);
      await authorize(request.actorUserId, 'reading a dead letter');
      return { deadLetter: deadLetterMessage(await deadLetters.get(id), true) };
    },

    replayDeadLetters: async (request) => {
      const id = request.id.trim();
      const originalTopic = originalTopicField(request.originalTopic);
      if (Boolean(id) === request.all)
        throw new InvalidArgumentError([
          { field: 'id', reason: 'give either one dead letter (id) or all', rule: 'required' },
        ]);
      await authorize(request.actorUserId, 'replaying dead letters');
      if (id) {
        const letter = await deadLetters.replay(id, request.actorUserId);
        await audit({
          actorUserId: request.actorUserId,
          action: 'dead_letter.replay',
          entityType: 'dead_letter',
          entityId: letter.id,
          before: { ...auditedLetter(letter), state: 'pending' },
          after: { ...auditedLetter(letter), state: 'replayed' },
        });
        return { replayed: 1 };
      }
      const letters = await deadLetters.replayAll(originalTopic, request.actorUserId);
      await audit({
        actorUserId: request.actorUserId,
        action: 'dead_letter.replay_all',
        entityType: 'dead_letter_topic',
        entityId: originalTopic || '*',
        before: { pending: letters.map((letter) => letter.id) },
        after: { replayed: letters.length },
      });
      return { replayed: letters.length };
    },

    discardDeadLetter: async (request) => {
      const id = request.id.trim();
      if (!id) throw new InvalidArgumentError([{ field: 'id', reason: 'is required', rule: 'required' }]);
      await authorize(request.actorUserId, 'discarding a dead letter');
      const letter = await deadLetters.discard(id, request.actorUserId);
      await audit({
        actorUserId: request.actorUserId,
        action: 'dead_letter.discard',
        entityType: 'dead_letter',
        entityId: letter.id,
        before: { ...auditedLetter(letter), state: 'pending' },
        after: { ...auditedLetter(letter), state: 'discarded' },
      });
      return {};
    },
  });
}
