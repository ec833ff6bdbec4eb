import type { HttpCrawler, HttpCrawlingContext } from '@crawlee/http';
import { Configuration, log as crawleeLog, LogLevel } from '@crawlee/core';
import type { Logger } from 'pino';
import type { SafeFetcher } from '@pc/safe-fetch/safe-fetcher';
import type { HostAccess } from '../politeness/host-access.js';
import type { CrawlerStore } from '../store/crawler-store.js';
import { startJob } from '../workflows/job-progress.js';
import { Dispatcher } from './dispatcher.js';
import { FrontierQueue } from './frontier-queue.js';
import { GuardedHttpClient } from './guarded-http-client.js';
import { GuardedHttpCrawler } from './guarded-http-crawler.js';
import { VisitDeferred, type FetchedPage, type VisitTurn } from './visit-outcomes.js';
import type { VisitTask } from './visit-task.js';

/** What the engine hands the visit workflow; each returns when the host may be tried again (epoch ms, 0 at once). */
export interface VisitHandlers {
  page(task: VisitTask, page: FetchedPage): Promise<number>;
  failed(task: VisitTask, error: unknown): Promise<number>;
}

export interface CrawlEngineOptions {
  readonly store: CrawlerStore;
  /** Lease, robots.txt and the host's turn before each request. */
  readonly access: HostAccess;
  readonly fetcher: SafeFetcher;
  readonly handlers: VisitHandlers;
  /** Visits in progress at once (most wait for their host's turn). */
  readonly concurrency: number;
  readonly pageLimits: { readonly maxBytes: number; readonly timeoutMs: number; readonly maxRedirects: number };
  readonly tickMs: number;
  readonly now: () => Date;
  readonly logger: Logger;
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
  private readonly access: HostAccess;
  private running: Promise<unknown> | null = null;

  constructor(private readonly options: CrawlEngineOptions) {
    crawleeLog.setLevel(LogLevel.OFF);
    this.access = options.access;
    this.queue = new FrontierQueue((task) => this.dispatcher.done(task.host));
    this.dispatcher = new Dispatcher({
      store: options.store,
      push: (task) => this.queue.push(task),
      now: options.now,
      tickMs: options.tickMs,
      logger: options.logger,
      crawlsShopless: true,
    });
    this.crawler = new GuardedHttpCrawler(
      new GuardedHttpClient(options.fetcher, options.pageLimits, (from, to) => this.hop(from, to)),
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
        autoscaledPoolOptions: {
          minConcurrency: options.concurrency,
          maxConcurrency: options.concurrency,
          desiredConcurrency: options.concurrency,
          maybeRunIntervalSecs: 0.02,
        },
        statusMessageLoggingInterval: 3_600,
        preNavigationHooks: [async ({ request }) => this.takeTurn(request.userData as VisitTask, request.uniqueKey)],
        requestHandler: async (context) => this.handlePage(context),
        failedRequestHandler: async ({ request }, error) =>
          this.handleFailure(request.userData as VisitTask, request.uniqueKey, error),
      },
      new Configuration({
        persistStorage: false,
        purgeOnStart: false,
        storageClientOptions: { persistStorage: false },
      }),
    );
  }

  start(): void {
    this.dispatcher.start();
    this.running = this.crawler
      .run()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'crawl engine stopped'));
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

  /**
   * The host's lease, a fresh look at the URL, robots.txt, then the host's turn: everything before
   * the request leaves. A job waiting for the visit (staff's re-crawl) is running from then on.
   */
  private async takeTurn(task: VisitTask, key: string): Promise<void> {
    const { store, now } = this.options;
    let jobId = '';
    const turn = await this.access.begin(task.host, task.url, {
      stillWanted: async () => {
        const url = await store.urls.get(task.urlId);
        // Another replica (or the previous visit) got there first: nothing to do now.
        if (!url || url.status !== 'active' || Date.parse(url.nextVisitAt) > now().getTime())
          throw new VisitDeferred('no longer due', 0);
        jobId = url.jobId;
      },
    });
    this.turns.set(key, turn);
    await startJob(store.jobs, jobId, now());
  }

  /**
   * A redirect of a page being visited: on its host, after the host's quiet time (the shop counts
   * every hop); to another host, not followed — the visit records where it leads (PageVisit).
   */
  private async hop(from: URL, to: URL): Promise<boolean> {
    const host = from.host.toLowerCase();
    const turn = [...this.turns.values()].find((candidate) => candidate.lease.host === host);
    return turn ? this.access.hop(turn, to, false) : false;
  }

  private async handlePage(context: HttpCrawlingContext): Promise<void> {
    const task = context.request.userData as VisitTask;
    const body = Buffer.isBuffer(context.body) ? context.body : Buffer.from(context.body);
    const response = context.response;
    const status = response.statusCode ?? 0;
    // An answer that does not slow the host down frees it for its next visit while this one is
    // recorded; a 429, 503 or other 5xx first sets the host's backoff.
    const throttling = status === 429 || status >= 500;
    await this.finish(task, context.request.uniqueKey, !throttling, async () =>
      this.options.handlers.page(task, {
        status,
        headers: response.headers,
        body,
        url: response.url ?? task.url,
        contentType: context.contentType.type,
      }),
    );
  }

  private async handleFailure(task: VisitTask, key: string, error: unknown): Promise<void> {
    await this.finish(task, key, false, () => this.options.handlers.failed(task, error));
  }

  /**
   * Frees the host (the answer is read), runs the workflow, and tells the dispatcher when the
   * host is next due — before the workflow when `early` (the workflow's writes then overlap the
   * host's quiet time), else after it (its backoff counts).
   */
  private async finish(task: VisitTask, key: string, early: boolean, handle: () => Promise<number>): Promise<void> {
    const turn = this.turns.get(key);
    this.turns.delete(key);
    if (turn) await this.access.end(task.host, turn);
    let notBefore = turn ? this.options.now().getTime() + turn.delayMs : 0;
    if (early) this.dispatcher.answered(task.host, task.urlId, notBefore);
    try {
      notBefore = Math.max(notBefore, await handle());
    } catch (error) {
      this.options.logger.error({ err: error, url: task.url }, 'recording a visit failed');
    }
    if (early) this.dispatcher.recorded(task.host, task.urlId);
    else this.dispatcher.done(task.host, notBefore);
  }
}
