import { randomUUID } from 'node:crypto';
import type { FeedFetched, OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { FeedFetchFailure, FeedFetchOutcome, type FeedFetch } from '@pc/proto/crawler/v1/types';
import { ConflictError } from '@pc/kit/errors/domain-errors';
import { Events } from '@pc/proto/event-catalog';
import type { Outbox } from '@pc/kit/events/outbox';
import type { Stored } from '@pc/kit/ports/document-store';
import type { PendingEvent } from '@pc/kit/events/publisher';
import type { FeedFetchRecord, FeedOfferDeltaRecord, FeedRecord } from '../domain/records.js';
import type { SimpleRepository } from '../store/simple-repository.js';

/** How a fetch ended, as its record and FeedFetched tell it. */
export interface FeedFetchEnd {
  readonly outcome: FeedFetchOutcome;
  /** Why it failed (FeedFetch.failure); UNSPECIFIED when it worked. */
  readonly failure: FeedFetchFailure;
  readonly httpStatus: number;
  readonly error: string;
  readonly bytes: number;
  readonly contentHash: string;
  readonly itemsTotal: number;
  readonly itemsInvalid: number;
  readonly issues: readonly string[];
  readonly rejectedByReason: Readonly<Record<string, number>>;
  readonly rejectedByField: Readonly<Record<string, number>>;
  /** Against the feed's last complete read; null on its first read or when this one is not complete. */
  readonly offers: FeedOfferDeltaRecord | null;
  /** Every item of the feed was read (FeedFetched.complete: offers may delist what it lacks). */
  readonly complete: boolean;
}

export const feedFetchMessage = (record: FeedFetchRecord): FeedFetch => ({
  id: record._id,
  shopId: record.shopId,
  feedId: record.feedId,
  url: record.url,
  outcome: record.outcome,
  failure: record.failure ?? FeedFetchFailure.FEED_FETCH_FAILURE_UNSPECIFIED,
  httpStatus: record.httpStatus,
  bytes: record.bytes,
  contentHash: record.contentHash,
  itemsTotal: record.itemsTotal,
  itemsValid: record.itemsValid,
  itemsInvalid: record.itemsInvalid,
  issues: [...record.issues],
  error: record.error,
  rejectedByReason: { ...record.rejectedByReason },
  rejectedByField: { ...record.rejectedByField },
  offers: record.offers ? { ...record.offers, removedSample: [...record.offers.removedSample] } : undefined,
  startedAt: new Date(record.startedAt),
  finishedAt: record.finishedAt ? new Date(record.finishedAt) : undefined,
});

/**
 * One fetch of a feed as it is written: its record in `feed_fetches` from the start (running),
 * its observations written with it in batches (each batch in the same atomic write as the
 * record's progress: the outbox), then its end with FeedFetched. A crash loses no observation
 * the record counts, and a fetch it interrupted is ended as such by the next run of the feed.
 */
export class FeedFetchDraft {
  private record: FeedFetchRecord | null = null;
  private version = 0;

  constructor(
    private readonly fetches: SimpleRepository<FeedFetchRecord>,
    private readonly outbox: Outbox,
    readonly feed: FeedRecord,
    readonly jobId: string,
    readonly startedAt: Date,
    readonly id = `ff_${randomUUID()}`,
  ) {}

  /** The draft of a fetch already written (to end one a crash left running). */
  static resume(
    fetches: SimpleRepository<FeedFetchRecord>,
    outbox: Outbox,
    feed: FeedRecord,
    stored: Stored<FeedFetchRecord>,
  ): FeedFetchDraft {
    const draft = new FeedFetchDraft(fetches, outbox, feed, stored.jobId, new Date(stored.startedAt), stored._id);
    const { _version: version, ...record } = stored;
    draft.version = version;
    draft.record = record;
    return draft;
  }

  get itemsValid(): number {
    return this.record?.itemsValid ?? 0;
  }

  /** The record, running, before the first byte is asked for. */
  async open(): Promise<void> {
    await this.write(
      {
        _id: this.id,
        shopId: this.feed.shopId,
        feedId: this.feed._id,
        url: this.feed.url,
        jobId: this.jobId,
        outcome: FeedFetchOutcome.FEED_FETCH_OUTCOME_UNSPECIFIED,
        running: true,
        httpStatus: 0,
        bytes: 0,
        contentHash: '',
        itemsTotal: 0,
        itemsValid: 0,
        itemsInvalid: 0,
        issues: [],
        error: '',
        startedAt: this.startedAt.toISOString(),
        finishedAt: null,
      },
      [],
    );
  }

  /** A batch of observations, durable with the count of items observed so far. */
  async observed(observations: readonly OfferObserved[], at: Date): Promise<void> {
    if (observations.length === 0) return;
    const current = this.current();
    await this.write(
      { ...current, itemsValid: current.itemsValid + observations.length },
      observations.map(observationEvent),
      at,
    );
  }

  /** The end: the record finished and FeedFetched, with the last observations. */
  async finish(end: FeedFetchEnd, remaining: readonly OfferObserved[], at: Date): Promise<FeedFetchRecord> {
    if (!this.record) await this.open();
    const current = this.current();
    const finished: FeedFetchRecord = {
      ...current,
      outcome: end.outcome,
      failure: end.failure,
      running: false,
      httpStatus: end.httpStatus,
      error: end.error.slice(0, 1_000),
      bytes: end.bytes,
      contentHash: end.contentHash,
      itemsTotal: end.itemsTotal,
      itemsValid: current.itemsValid + remaining.length,
      itemsInvalid: end.itemsInvalid,
      issues: end.issues.slice(0, 20),
      rejectedByReason: end.rejectedByReason,
      rejectedByField: end.rejectedByField,
      offers: end.offers,
      finishedAt: at.toISOString(),
    };
    const fetched: FeedFetched = {
      feedId: finished.feedId,
      shopId: finished.shopId,
      fetch: feedFetchMessage(finished),
      complete: end.complete && end.outcome === FeedFetchOutcome.FEED_FETCH_OUTCOME_SUCCEEDED,
      fetchedAt: at,
    };
    await this.write(
      finished,
      [...remaining.map(observationEvent), { type: Events.feedFetched, key: finished.feedId, payload: fetched }],
      at,
    );
    return this.current();
  }

  private current(): FeedFetchRecord {
    if (!this.record) throw new Error('the feed fetch record was not opened');
    return this.record;
  }

  /**
   * Only this run writes its record; a version it did not expect is the outbox clearing staged
   * events after a publish (stores without an outbox of their own): read again and write on top.
   */
  private async write(
    next: FeedFetchRecord,
    events: readonly PendingEvent<unknown>[],
    at = this.startedAt,
  ): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const prepared = this.outbox.prepare(this.record, events, at);
      try {
        const written = await this.fetches.collection.put(
          { ...next, ...prepared.fields },
          { expectedVersion: this.version, outbox: prepared.records },
        );
        await this.outbox.publish(this.fetches.collection, written, prepared);
        const { _version: version, ...record } = written;
        this.version = version;
        this.record = { ...record, outbox: [], outboxPending: false };
        return;
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt >= 3) throw error;
        const stored = await this.fetches.get(this.id);
        if (!stored) throw error;
        const { _version: version, ...record } = stored;
        this.version = version;
        this.record = record;
      }
    }
  }
}

const observationEvent = (payload: OfferObserved): PendingEvent<OfferObserved> => ({
  type: Events.offerObserved,
  key: `${payload.shopId}:${payload.shopOfferId}`,
  payload,
});
