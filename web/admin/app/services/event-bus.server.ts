import { EventBusAdminServiceService, type DeadLetter } from '@pc/proto/staff/v1/event_bus';
import { config } from '../config.server';
import type { TablePage, TableQuery } from '../tables/table-query';
import { client } from './grpc.server';
import { pageRequest, tablePage } from '../tables/table-page';

// The bus's staff API is mounted by search (ADR 054); reading dead letters on Kafka takes seconds.
const bus = client(EventBusAdminServiceService, config.SEARCH_GRPC_ADDR, Math.max(config.SERVICE_DEADLINE_MS, 30_000));

export interface TopicRow {
  readonly name: string;
  readonly partitions: number;
  readonly records: number;
  readonly appended: number;
  readonly deadLetter: boolean;
}

export interface GroupRow {
  readonly group: string;
  readonly topic: string;
  readonly lag: number;
  readonly members: number;
}

export interface DeadLetterRow {
  readonly id: string;
  readonly originalTopic: string;
  readonly key: string;
  readonly error: string;
  readonly attempts: number;
  readonly at: string;
  readonly valueBytes: number;
}

export interface DeadLetterDetail extends DeadLetterRow {
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
  readonly value: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** Topics by name or records, a name substring; the service sorts and pages. */
export async function topicTable(actorUserId: string, query: TableQuery): Promise<TablePage<TopicRow>> {
  const answer = await bus.listTopics({
    actorUserId,
    query: query.filters.q ?? '',
    sort: query.sort,
    descending: query.dir === 'desc',
    page: pageRequest(query),
  });
  const rows = answer.topics.map((topic) => ({
    name: topic.name,
    partitions: topic.partitions,
    records: Number(topic.records),
    appended: Number(topic.appended),
    deadLetter: topic.deadLetter,
  }));
  return tablePage(rows, answer.page, query);
}

/** Consumer groups per topic by group or lag, a group or topic substring. */
export async function groupTable(actorUserId: string, query: TableQuery): Promise<TablePage<GroupRow>> {
  const answer = await bus.listConsumerGroups({
    actorUserId,
    query: query.filters.q ?? '',
    sort: query.sort,
    descending: query.dir === 'desc',
    page: pageRequest(query),
  });
  const rows = answer.groups.map((group) => ({ ...group, lag: Number(group.lag) }));
  return tablePage(rows, answer.page, query);
}

const deadLetterRow = (letter: DeadLetter): DeadLetterRow => ({
  id: letter.id,
  originalTopic: letter.originalTopic,
  key: letter.key,
  error: letter.error,
  attempts: letter.attempts,
  at: letter.deadLetteredAt?.toISOString() ?? '',
  valueBytes: letter.valueBytes,
});

/** Pending dead letters, newest first, of one original topic when the filter names it. */
export async function deadLetterTable(actorUserId: string, query: TableQuery): Promise<TablePage<DeadLetterRow>> {
  const answer = await bus.listDeadLetters({
    actorUserId,
    originalTopic: (query.filters.topic ?? '').trim(),
    page: pageRequest(query),
  });
  return tablePage(answer.deadLetters.map(deadLetterRow), answer.page, query);
}

/** One dead letter with its value and headers. */
export async function deadLetter(actorUserId: string, id: string): Promise<DeadLetterDetail> {
  const found = (await bus.getDeadLetter({ actorUserId, id })).deadLetter!;
  return {
    ...deadLetterRow(found),
    topic: found.topic,
    partition: found.partition,
    offset: Number(found.offset),
    value: found.valueText,
    headers: found.headers,
  };
}

export async function replayDeadLetter(actorUserId: string, id: string): Promise<number> {
  return (await bus.replayDeadLetters({ actorUserId, id, all: false, originalTopic: '' })).replayed;
}

export async function replayAllDeadLetters(actorUserId: string, originalTopic: string): Promise<number> {
  return (await bus.replayDeadLetters({ actorUserId, id: '', all: true, originalTopic })).replayed;
}

export async function discardDeadLetter(actorUserId: string, id: string): Promise<void> {
  await bus.discardDeadLetter({ actorUserId, id });
}
