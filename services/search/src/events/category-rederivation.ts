import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { metrics } from '@opentelemetry/api';
import type { Logger } from 'pino';
import type { SearchIndexHandle } from '@pc/kit/ports/search-index';
import { CATEGORY_DERIVATION, FIRST_CATEGORY_DERIVATION } from '../domain/category-derivation.js';
import type { CategoryDocument } from '../domain/category-document.js';
import type { DerivationMarks, PassClaim } from '../store/derivation-marks.js';
import type { EntityWriter } from './entity-writer.js';

/** The mark's id: the categories index's name. */
const INDEX = 'categories';
/** Documents read, derived and written per page (one progress record each). */
const PAGE = 100;
/** How long a replica holds the pass without renewing it (each page renews it). */
const LEASE_MS = 60_000;
/**
 * Share of one core the pass may take: after each page it rests as long as the page took, so the
 * events and queries of the replica running it go on at their usual speed.
 */
const DUTY_CYCLE = 0.5;
/** A progress line is logged every this many pages. */
const LOG_EVERY_PAGES = 20;

const derivedAgain = metrics.getMeter('@pc/search').createCounter('search.category_documents.derived_again', {
  description: 'Category documents an older release derived, derived again and written at start',
  unit: '{document}',
});

export interface CategoryRederivationOptions {
  readonly pageSize?: number;
  readonly leaseMs?: number;
  /** Epoch ms now. */
  readonly clock?: () => number;
  /** Waits after a page, given how long it took (ms). */
  readonly rest?: (pageMs: number) => Promise<void>;
  /** This replica's name in the mark (default: host, process and a random part). */
  readonly holder?: string;
}

/** How one attempt ended: done, another replica runs it, this one stopped, or its claim ran out meanwhile. */
export type PassOutcome = Exclude<PassClaim, { readonly state: 'claimed' }> | { readonly state: 'stopped' | 'lost' };

/**
 * Derives the category documents an older release wrote again, as this one derives them (ADR 141;
 * the derivation: domain/category-derivation.ts), from the category records the side state holds,
 * so that an upgrade needs no RebuildIndex for a new field (`ancestor_names`, ADR 130) to reach
 * every category. In the background after start: queries and events go on meanwhile. One replica
 * at a time runs it (a claim in search's store, renewed every page; a stopped replica's runs out),
 * the others wait for it to finish or to run out. It pages through the index's ids and records
 * after each page how far it got, so a restart goes on from there; a page passed again is
 * derived again harmlessly. Each page takes turns with this replica's event writes and keeps a
 * document another replica wrote meanwhile (EntityWriter.deriveCategoriesAgain). Once done, a
 * start costs one read of the mark.
 */
export class CategoryRederivation {
  private readonly pageSize: number;
  private readonly leaseMs: number;
  private readonly clock: () => number;
  private readonly rest: (pageMs: number) => Promise<void>;
  private readonly holder: string;
  private readonly stopping = new AbortController();
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly marks: DerivationMarks,
    private readonly categories: SearchIndexHandle<CategoryDocument>,
    private readonly entities: Pick<EntityWriter, 'deriveCategoriesAgain'>,
    private readonly logger: Logger,
    options: CategoryRederivationOptions = {},
  ) {
    this.pageSize = options.pageSize ?? PAGE;
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.clock = options.clock ?? Date.now;
    this.rest = options.rest ?? ((pageMs) => this.pause(Math.round((pageMs * (1 - DUTY_CYCLE)) / DUTY_CYCLE)));
    this.holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  /** Runs the pass in the background until done (or stopped), waiting while another replica runs it. */
  start(): void {
    this.running = this.untilDone();
  }

  /** Stops between pages, keeping how far it got for the next start, and gives the claim up. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  /** One attempt: claims the pass, runs it from where the last holder left it. */
  async run(): Promise<PassOutcome> {
    const claim = await this.marks.claim(INDEX, {
      toward: CATEGORY_DERIVATION,
      first: FIRST_CATEGORY_DERIVATION,
      holder: this.holder,
      now: this.clock(),
      leaseMs: this.leaseMs,
    });
    if (claim.state !== 'claimed') return claim;
    try {
      return await this.pass(claim.after);
    } catch (error) {
      // Another replica (or this one's next attempt) goes on from the last page recorded.
      await this.marks.release(INDEX, this.holder).catch(() => undefined);
      throw error;
    }
  }

  private async untilDone(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      let waitMs = this.leaseMs;
      try {
        const outcome = await this.run();
        if (outcome.state === 'done' || outcome.state === 'stopped') return;
        if (outcome.state === 'held') {
          this.logger.info(
            { holder: outcome.holder },
            'another replica derives the category documents again; waiting for it to finish',
          );
          waitMs = Math.max(outcome.until - this.clock(), 1_000);
        }
      } catch (error) {
        this.logger.warn({ err: error }, 'category documents not derived again; retried in a minute');
      }
      await this.pause(waitMs);
    }
  }

  private async pass(resumeAfter: string): Promise<PassOutcome> {
    const startedAt = performance.now();
    this.logger.info(
      { derivation: CATEGORY_DERIVATION, after: resumeAfter || undefined },
      resumeAfter
        ? 'deriving category documents again, going on where it stopped'
        : 'deriving category documents again',
    );
    // An older release's last writes are seen too (ids are paged as a search sees them).
    await this.categories.refresh();
    let after = resumeAfter;
    let passed = 0;
    let written = 0;
    let pages = 0;
    for (let ids = await this.categories.idsAfter(after, this.pageSize); ids.length > 0;) {
      if (this.stopping.signal.aborted) {
        await this.marks.release(INDEX, this.holder);
        this.logger.info(
          { documents: passed, after },
          'deriving category documents again stopped; the next start goes on',
        );
        return { state: 'stopped' };
      }
      const pageStarted = performance.now();
      const count = await this.entities.deriveCategoriesAgain(ids);
      derivedAgain.add(count);
      written += count;
      passed += ids.length;
      after = ids.at(-1) ?? after;
      const held = await this.marks.advance(INDEX, {
        holder: this.holder,
        after,
        now: this.clock(),
        leaseMs: this.leaseMs,
      });
      if (!held) return this.lost(passed);
      if (++pages % LOG_EVERY_PAGES === 0) {
        this.logger.info({ documents: passed, written }, 'deriving category documents again');
      }
      ids = await this.categories.idsAfter(after, this.pageSize);
      if (ids.length > 0) await this.rest(performance.now() - pageStarted);
    }
    if (!(await this.marks.finish(INDEX, this.holder))) return this.lost(passed);
    this.logger.info(
      {
        documents: passed,
        written,
        derivation: CATEGORY_DERIVATION,
        seconds: Math.round((performance.now() - startedAt) / 1000),
      },
      'category documents derived again as this release derives them',
    );
    return { state: 'done' };
  }

  private lost(passed: number): PassOutcome {
    this.logger.warn(
      { documents: passed },
      'the claim on deriving category documents again ran out; another replica goes on',
    );
    return { state: 'lost' };
  }

  /** Waits, or less once stopping. */
  private async pause(ms: number): Promise<void> {
    await delay(ms, undefined, { signal: this.stopping.signal, ref: false }).catch(() => undefined);
  }
}
