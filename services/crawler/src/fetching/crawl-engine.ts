import type { HttpCrawler, HttpCrawlingContext } from '@crawlee/http';
import { Configuration, log as crawleeLog, LogLevel } from '@crawlee/core';
import type { Logger } from 'pino';
import type { SafeFetcher } from '@pc/safe-fetch/safe-fetcher';
import { effectiveDelayMs, type PolitenessSettings } from '../domain/politeness-policy.js';
import type { HostGate } from '../politeness/host-gate.js';
import { checkRobots, crawlDelayFor } from '../robots/robots-matcher.js';
import type { RobotsRecord } from '../domain/records.js';
import type { CrawlerStore } from '../store/crawler-store.js';
import { Dispatcher } from './dispatcher.js';
import { FrontierQueue } from './frontier-queue.js';
import { GuardedHttpClient } from './guarded-http-client.js';
import { GuardedHttpCrawler } from './guarded-http-crawler.js';
import type { RobotsCache } from './robots-cache.js';
import { VisitDeferred, VisitForbidden, type FetchedPage, type VisitTurn } from './visit-outcomes.js';
import type { VisitTask } from './visit-task.js';
import { crawlerMetrics } from '../workflows/crawler-metrics.js';

/** What the engine hands the visit workflow; each returns when the host may be tried again (epoch ms, 0 at once). */
export interface VisitHandlers {
  page(task: VisitTask, page: FetchedPage): Promise<number>;
  failed(task: VisitTask, error: unknown): Promise<number>;
}

export interface CrawlEngineOptions {
  readonly store: CrawlerStore;
  readonly gate: HostGate;
  readonly robots: RobotsCache;
  readonly fetcher: SafeFetcher;
  readonly handlers: VisitHandlers;
  readonly politeness: PolitenessSettings;
  readonly userAgent: string;
  /** Visits in progress at once (most wait for their host's turn). */
  readonly concurrency: number;
  readonly pageLimits: { readonly maxBytes: number; readonly timeoutMs: number; readonly maxRedirects: number };
  /** A turn further away than this gives the visit back rather than wait for it holding the host. */
  readonly maxTurnWaitMs: number;
  readonly tickMs: number;
  readonly now: () => Date;
  readonly logger: Logger;
  /** A host's robots.txt was fetched (its sitemaps are worth a visit). */
  readonly onRobots?: (host: string, record: RobotsRecord, origin: string) => Promise<void>;
}

/**
 * The fetching side of the crawler on crawlee (ADR 039b): an `HttpCrawler` whose request manager
 * is our frontier (`FrontierQueue`, fed by the `Dispatcher`), whose HTTP client is the SSRF guard
 * (`GuardedHttpClient`), and whose pre-navigation hook is politeness — the host's lease, a fresh
 * look at the URL, robots.txt, and the host's turn. crawlee's own retries, sessions and cookies
 * are off: retries go back to the frontier with the host's backoff.
 */
export class CrawlEngine {
  readonly dispatcher: Dispatcher;
  private readonly queue: FrontierQueue;
  private readonly crawler: HttpCrawler<HttpCrawlingContext>;
  private readonly turns = new Map<string, VisitTurn>();
  private running: Promise<unknown> | null = null;

  constructor(private readonly options: CrawlEngineOptions) {
    crawleeLog.setLevel(LogLevel.OFF);
    this.queue = new FrontierQueue((task) => this.dispatcher.done(task.host));
    this.dispatcher = new Dispatcher({ store: options.store, push: (task) => this.queue.push(task), now: options.now, tickMs: options.tickMs, logger: options.logger, crawlsShopless: true });
    this.crawler = new GuardedHttpCrawler(
      new GuardedHttpClient(options.fetcher, options.pageLimits),
      {
        // crawlee 3.18 types `requestManager` for this but its option check only knows `requestQueue`,
        // which takes any request manager (it checks for fetchNextRequest and addRequest).
        requestQueue: this.queue as never,
        keepAlive: true,
        maxRequestRetries: 0,
        useSessionPool: false,
        persistCookiesPerSession: false,
        navigationTimeoutSecs: Math.ceil(options.pageLimits.timeoutMs / 1000) + 5,
        requestHandlerTimeoutSecs: 60,
        // Every status reaches the visit workflow: 429/503 slow the host down, 404/410 retire URLs.
        ignoreHttpErrorStatusCodes: Array.from({ length: 100 }, (_, i) => 500 + i),
        additionalMimeTypes: ['application/xml', 'text/xml', 'text/plain'],
        autoscaledPoolOptions: { minConcurrency: options.concurrency, maxConcurrency: options.concurrency, desiredConcurrency: options.concurrency, maybeRunIntervalSecs: 0.02 },
        statusMessageLoggingInterval: 3_600,
        preNavigationHooks: [async ({ request }) => this.takeTurn(request.userData as VisitTask, request.uniqueKey)],
        requestHandler: async (context) => this.handlePage(context),
        failedRequestHandler: async ({ request }, error) => this.handleFailure(request.userData as VisitTask, request.uniqueKey, error),
      },
      new Configuration({ persistStorage: false, purgeOnStart: false, storageClientOptions: { persistStorage: false } }),
    );
  }

  start(): void {
    this.dispatcher.start();
    this.running = this.crawler.run().catch((error: unknown) => this.options.logger.error({ err: error }, 'crawl engine stopped'));
  }

  async stop(): Promise<void> {
    await this.dispatcher.stop();
    this.queue.close();
    await this.crawler.teardown();
    await this.running;
  }

  /** Visits waiting for crawlee's pool. */
  get queued(): number {
    return this.queue.length;
  }

  /** Lease, a fresh look at the URL, robots.txt, then the host's turn: everything before the request leaves. */
  private async takeTurn(task: VisitTask, key: string): Promise<void> {
    const { store, gate, now } = this.options;
    const host = await store.hosts.get(task.host);
    const lease = await gate.lease(task.host, host?.maxConcurrency ?? 1);
    if (!lease) throw new VisitDeferred('another replica is visiting the host', now().getTime() + 250);
    try {
      const url = await store.urls.get(task.urlId);
      // Another replica (or the previous visit) got there first: nothing to do now.
      if (!url || url.status !== 'active' || Date.parse(url.nextVisitAt) > now().getTime()) throw new VisitDeferred('no longer due', 0);
      if (host?.paused) throw new VisitDeferred('host paused', now().getTime() + 60_000);
      const origin = new URL(task.url).origin;
      let robots = await this.options.robots.fresh(task.host, now());
      if (!robots) {
        await this.waitTurn(task.host);
        try {
          robots = await this.options.robots.fetch(origin, task.host, now);
        } finally {
          await gate.endTurn(task.host, this.delayOf(host?.overrideDelayMs ?? 0, robots ?? null));
        }
        crawlerMetrics.robotsFetched(robots.httpStatus);
        await this.options.onRobots?.(task.host, robots, origin);
      }
      const rule = this.options.robots.ruleOf(robots);
      if (rule.kind === 'disallow-all') throw new VisitForbidden(`robots.txt unavailable: ${rule.reason}`, '', true);
      if (rule.kind === 'rules') {
        const verdict = checkRobots(rule.robots, this.options.userAgent, task.url);
        if (!verdict.allowed) throw new VisitForbidden(`disallowed by robots.txt (${verdict.rule?.text ?? ''})`, verdict.rule?.text ?? '', false);
      }
      const delayMs = this.delayOf(host?.overrideDelayMs ?? 0, robots);
      await this.waitTurn(task.host);
      this.turns.set(key, { lease, at: now().getTime(), delayMs });
      crawlerMetrics.inFlight(task.host, 1);
    } catch (error) {
      await gate.release(lease);
      throw error;
    }
  }

  /** The host's quiet time after its last request; a long wait gives the visit back instead of holding the host. */
  private async waitTurn(host: string): Promise<void> {
    const backoff = await this.options.gate.backoffUntil(host);
    if (backoff > this.options.now().getTime()) throw new VisitDeferred('host backing off', backoff);
    const wait = await this.options.gate.awaitTurn(host, this.options.maxTurnWaitMs);
    if (wait > 0) throw new VisitDeferred('waiting for the host’s turn', this.options.now().getTime() + wait);
  }

  /** The delay after a request to the host: staff's override or the default, at least its Crawl-delay. */
  private delayOf(overrideDelayMs: number, robots: RobotsRecord | null): number {
    const rule = robots ? this.options.robots.ruleOf(robots) : null;
    const crawlDelaySeconds = rule?.kind === 'rules' ? crawlDelayFor(rule.robots, this.options.userAgent) : null;
    return effectiveDelayMs(this.options.politeness, { overrideDelayMs, crawlDelaySeconds });
  }

  private async handlePage(context: HttpCrawlingContext): Promise<void> {
    const task = context.request.userData as VisitTask;
    const body = Buffer.isBuffer(context.body) ? context.body : Buffer.from(context.body);
    const response = context.response;
    const notBefore = await this.finish(task, context.request.uniqueKey, async () =>
      this.options.handlers.page(task, {
        status: response.statusCode ?? 0,
        headers: response.headers,
        body,
        url: response.url ?? task.url,
        contentType: context.contentType.type,
      }),
    );
    this.dispatcher.done(task.host, notBefore);
  }

  private async handleFailure(task: VisitTask, key: string, error: unknown): Promise<void> {
    const notBefore = await this.finish(task, key, () => this.options.handlers.failed(task, error));
    this.dispatcher.done(task.host, notBefore);
  }

  /** Frees the host (the answer is read), runs the workflow, and says when the host is next due. */
  private async finish(task: VisitTask, key: string, handle: () => Promise<number>): Promise<number> {
    const turn = this.turns.get(key);
    this.turns.delete(key);
    if (turn) {
      crawlerMetrics.inFlight(task.host, -1);
      await this.options.gate.endTurn(task.host, turn.delayMs);
      await this.options.gate.release(turn.lease);
    }
    let notBefore = turn ? this.options.now().getTime() + turn.delayMs : 0;
    try {
      notBefore = Math.max(notBefore, await handle());
    } catch (error) {
      this.options.logger.error({ err: error, url: task.url }, 'recording a visit failed');
    }
    return notBefore;
  }
}
