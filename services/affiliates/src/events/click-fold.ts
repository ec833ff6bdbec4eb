import type { Logger } from 'pino';
import { Events } from '@pc/proto/event-catalog';
import type { ConsumedRecord, EventBus, Subscription } from '@pc/kit/ports/event-bus';
import { planFold, type FoldedClick } from '../domain/click-aggregates.js';
import { parseClickId } from '../domain/click-id.js';
import { readRecordedClick } from './click-recorded-reader.js';
import type { ClickAggregateRepository } from '../store/click-aggregate-repository.js';

/** A batch this large is written without waiting out the linger (a catch-up, a burst). */
const FULL_BATCH = 5_000;

/** The consumer group folding ClickRecorded into the statistics. */
export const CLICK_FOLD_GROUP = 'affiliates-click-stats';

interface Waiting {
  readonly click: FoldedClick;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** What the fold takes from one record (only the fields it needs are read); null when it counts nothing. */
export function foldedClickOf(
  record: Pick<ConsumedRecord, 'partition' | 'value'>,
  logger?: Logger,
): FoldedClick | null {
  const click = readRecordedClick(record.value);
  if (click.type !== Events.clickRecorded.typeName)
    throw new Error(`unexpected event type ${click.type} on ${Events.clickRecorded.topic}`);
  if (!click.counted) return null;
  const id = parseClickId(click.id);
  if (!id) {
    logger?.warn({ clickId: click.id }, 'click fold: a click id not issued by affiliates; not counted');
    return null;
  }
  return {
    run: id.run,
    partition: record.partition,
    sequence: id.sequence,
    shopId: click.shopId,
    productId: click.productId,
    offerId: click.offerId,
    advertisementId: click.advertisementId,
    country: click.country,
    clickedAt: click.clickedAt ?? new Date(0),
  };
}

/**
 * Folds ClickRecorded into the click statistics (ADR 043a). Records handled at once (the
 * subscription's concurrency) wait in one batch; a batch is one write per document it touches,
 * so folding costs per shop-day and tally shard, not per click. Each document keeps the marks of
 * what it took: a redelivered or republished click is not counted twice.
 *
 * Order matters for the marks: a batch may be written only if every earlier record of its
 * partitions was. So batches are written one after the other, and when one fails, the records
 * waiting behind it fail too (the bus redelivers them all, in order) instead of being counted
 * ahead of the failed ones.
 */
export class ClickFold {
  private waiting: Waiting[] = [];
  private writing: Promise<void> | null = null;
  /** Ends the current linger early (a full batch is waiting). */
  private wake: (() => void) | null = null;
  private readonly lingerMs: number;

  constructor(
    private readonly aggregates: ClickAggregateRepository,
    private readonly logger: Logger,
    /** `lingerMs`: how long the first click of a batch waits for others (0: the next turn of the loop). */
    options: { lingerMs?: number } = {},
  ) {
    this.lingerMs = options.lingerMs ?? 0;
  }

  subscribe(bus: EventBus, concurrency: number): Promise<Subscription> {
    return bus.subscribe({
      group: CLICK_FOLD_GROUP,
      topics: [Events.clickRecorded.topic],
      concurrency,
      retry: { maxAttempts: 10, initialBackoffMs: 200, maxBackoffMs: 30_000 },
      handler: (record) => this.handle(record),
    });
  }

  /** Resolves once the record's click is durably counted (or counts nothing). */
  handle(record: Pick<ConsumedRecord, 'partition' | 'value'>): Promise<void> {
    const click = foldedClickOf(record, this.logger);
    if (!click) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ click, resolve, reject });
      if (!this.writing) this.writing = this.gathered().then(() => this.writeAll());
      else if (this.wake && this.waiting.length >= FULL_BATCH) this.wake();
    });
  }

  /**
   * Resolves when the batch should be written: after the linger (clicks that trickle in share one
   * write of each document instead of one write each), or at once when a full batch waits.
   */
  private gathered(): Promise<void> {
    if (this.lingerMs === 0) return new Promise<void>((next) => setImmediate(next));
    return new Promise<void>((next) => {
      const timer = setTimeout(() => this.wake?.(), this.lingerMs);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        next();
      };
    });
  }

  /** Folds clicks as one batch (the benchmark's path, without the bus). */
  async fold(clicks: readonly FoldedClick[]): Promise<void> {
    await this.aggregates.apply(planFold(clicks));
  }

  private async writeAll(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        await this.aggregates.apply(planFold(batch.map((entry) => entry.click)));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        this.logger.warn(
          { err: error, clicks: batch.length },
          'click fold: a batch failed; it and the clicks behind it are redelivered',
        );
        const behind = this.waiting;
        this.waiting = [];
        for (const entry of [...batch, ...behind]) entry.reject(error);
      }
    }
    this.writing = null;
  }
}
