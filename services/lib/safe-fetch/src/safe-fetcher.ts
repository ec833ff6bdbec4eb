import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Agent, fetch, type Response } from 'undici';
import { FetchFailedError, FetchLimitError, FetchRefusedError } from './errors.js';
import type { FetchPolicy } from './fetch-policy.js';
import { LimitedBody, readAll, type Overflow } from './limited-body.js';
import { pinnedLookup, systemResolver, type Resolver } from './pinned-lookup.js';
import { checkUrl } from './url-check.js';

export interface FetchLimits {
  /** The whole exchange — connect, redirects, headers and body — must end within this. */
  readonly timeoutMs: number;
  /** Decoded body bytes at most. */
  readonly maxBytes: number;
  /** Redirects followed at most; 0 returns the 3xx answer itself. */
  readonly maxRedirects: number;
}

export const DEFAULT_LIMITS: FetchLimits = { timeoutMs: 30_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 5 };

export interface SafeFetcherOptions {
  readonly policy: FetchPolicy;
  /** How host names resolve (the system resolver unless a test or the local profile says otherwise). */
  readonly resolver?: Resolver;
  /** Sent on every request unless the request sets its own. */
  readonly userAgent?: string;
  /** Connections kept open per origin (keep-alive). Default 2. */
  readonly connectionsPerOrigin?: number;
  readonly limits?: Partial<FetchLimits>;
}

export interface SafeRequest extends Partial<FetchLimits> {
  readonly method?: 'GET' | 'HEAD' | 'POST';
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
  /** The caller's cancellation (a call's deadline, a shutdown). */
  readonly signal?: AbortSignal;
  /** Default 'fail'. */
  readonly overflow?: Overflow;
  /**
   * Asked before each redirect is followed (after the guard checked its target): the caller may
   * wait (a crawler's politeness between two requests to one host) or answer false to get the
   * redirect itself as the response instead.
   */
  readonly beforeRedirect?: (from: URL, to: URL) => Promise<boolean>;
}

export interface SafeResponse {
  /** The URL that answered, after redirects. */
  readonly url: string;
  readonly status: number;
  /** Lower-case names; repeated headers joined with ", ". Set-Cookie is dropped: nothing keeps cookies. */
  readonly headers: Readonly<Record<string, string>>;
  /** The URLs redirected from, in order (the requested one first). */
  readonly redirects: readonly string[];
  /** The body, limited in size and time. Read it once: `body`, `buffer()` or `text()`. */
  readonly body: Readable;
  buffer(): Promise<Buffer>;
  text(): Promise<string>;
  /** True once the body was cut at `maxBytes` (overflow 'truncate'). */
  readonly truncated: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that carry a caller's credentials: never sent to another origin after a redirect. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * The SSRF guard (ADR 039): every server-side fetch of a URL that a user, a shop or a feed
 * supplied goes through one of these. It checks the URL (scheme, port, credentials, IP literal),
 * resolves the host once per connection and connects only to the address it checked (pinned
 * lookup, no DNS-rebinding window), follows redirects itself so each hop is checked the same way,
 * and stops the exchange at its size and time limits. No cookies are kept: nothing is stored
 * between requests, and credential headers never follow a redirect to another origin.
 * HTTP is undici's; nothing here speaks the protocol.
 */
export class SafeFetcher {
  private readonly agent: Agent;
  private readonly limits: FetchLimits;

  constructor(private readonly options: SafeFetcherOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.agent = new Agent({
      connect: {
        lookup: pinnedLookup(options.policy, options.resolver ?? systemResolver),
        timeout: Math.min(this.limits.timeoutMs, 10_000),
      },
      connections: options.connectionsPerOrigin ?? 2,
      keepAliveTimeout: 4_000,
      headersTimeout: this.limits.timeoutMs,
      bodyTimeout: this.limits.timeoutMs,
    });
  }

  /** Checks a URL as `fetch` would before sending anything (throws FetchRefusedError). */
  check(url: string | URL): URL {
    return checkUrl(url, this.options.policy);
  }

  async fetch(input: string | URL, request: SafeRequest = {}): Promise<SafeResponse> {
    const limits: FetchLimits = {
      timeoutMs: request.timeoutMs ?? this.limits.timeoutMs,
      maxBytes: request.maxBytes ?? this.limits.maxBytes,
      maxRedirects: request.maxRedirects ?? this.limits.maxRedirects,
    };
    let url = checkUrl(input, this.options.policy);
    const exchange = new Exchange(url.href, limits.timeoutMs, request.signal);
    try {
      let method = request.method ?? 'GET';
      let body = request.body;
      let headers = this.headersOf(request);
      const redirects: string[] = [];
      for (;;) {
        const response = await exchange.send(url.href, () =>
          fetch(url, { method, headers, body, redirect: 'manual', dispatcher: this.agent, signal: exchange.signal }),
        );
        const location = response.headers.get('location');
        if (!REDIRECTS.has(response.status) || location === null || limits.maxRedirects === 0) {
          return exchange.respond(response, url.href, redirects, limits, request.overflow ?? 'fail');
        }
        const next = checkUrl(location, this.options.policy, url);
        if ([...redirects, url.href].includes(next.href))
          throw new FetchLimitError('redirect_loop', `redirect loop: ${next.href} was already visited`, url.href);
        if (redirects.length + 1 > limits.maxRedirects)
          throw new FetchLimitError('redirects', `more than ${limits.maxRedirects} redirects`, url.href);
        if (request.beforeRedirect && !(await request.beforeRedirect(url, next)))
          return exchange.respond(response, url.href, redirects, limits, request.overflow ?? 'fail');
        await response.body?.cancel().catch(() => {});
        redirects.push(url.href);
        if (next.origin !== url.origin) headers = withoutCredentials(headers);
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        url = next;
      }
    } catch (error) {
      exchange.finish();
      throw error;
    }
  }

  /** Closes the kept-alive connections. */
  async close(): Promise<void> {
    await this.agent.close();
  }

  private headersOf(request: SafeRequest): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
    if (this.options.userAgent && headers['user-agent'] === undefined) headers['user-agent'] = this.options.userAgent;
    return headers;
  }
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name)));
}

/** One fetch with its redirects: the shared deadline, the caller's signal, and error mapping. */
class Exchange {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly stopCaller: () => void;

  constructor(
    private readonly requested: string,
    private readonly timeoutMs: number,
    private readonly callerSignal: AbortSignal | undefined,
  ) {
    this.timer = setTimeout(() => this.controller.abort(this.timeout()), timeoutMs);
    const onAbort = (): void => this.controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) onAbort();
    callerSignal?.addEventListener('abort', onAbort, { once: true });
    this.stopCaller = () => callerSignal?.removeEventListener('abort', onAbort);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  async send(url: string, run: () => Promise<Response>): Promise<Response> {
    try {
      return await run();
    } catch (error) {
      throw this.mapError(error, url);
    }
  }

  respond(
    response: Response,
    url: string,
    redirects: readonly string[],
    limits: FetchLimits,
    overflow: Overflow,
  ): SafeResponse {
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') headers[name] = value;
    });
    const declared = Number(headers['content-length']);
    const encoded = headers['content-encoding'] !== undefined && headers['content-encoding'] !== 'identity';
    if (overflow === 'fail' && !encoded && Number.isFinite(declared) && declared > limits.maxBytes) {
      this.finish();
      void response.body?.cancel().catch(() => {});
      throw new FetchLimitError(
        'size',
        `the body is larger than ${limits.maxBytes} bytes (Content-Length ${declared})`,
        url,
      );
    }
    const limited = new LimitedBody(limits.maxBytes, overflow, url, () => this.finish(true));
    // A body nobody reads still fails at its deadline: that must not be an unhandled 'error'.
    limited.on('error', () => {});
    const source = response.body ? Readable.fromWeb(response.body as WebReadableStream<Uint8Array>) : Readable.from([]);
    source.on('error', (error) => {
      if (!limited.truncated) limited.destroy(this.mapError(error, url));
    });
    let complete = false;
    source.on('end', () => {
      complete = true;
      this.finish();
    });
    // Closed before the download ended (the reader gave up): stop the download too.
    limited.on('close', () => this.finish(!complete));
    source.pipe(limited);
    const buffer = (): Promise<Buffer> => readAll(limited);
    return {
      url,
      status: response.status,
      headers,
      redirects,
      body: limited,
      buffer,
      text: async () => (await buffer()).toString('utf8'),
      get truncated() {
        return limited.truncated;
      },
    };
  }

  /** Ends the exchange: stops the deadline; `abort` also stops a download still running. */
  finish(abort = false): void {
    clearTimeout(this.timer);
    this.stopCaller();
    if (abort && !this.controller.signal.aborted) this.controller.abort(new Error('body closed'));
  }

  private timeout(): FetchLimitError {
    return new FetchLimitError('time', `no complete answer within ${this.timeoutMs} ms`, this.requested);
  }

  /** What undici rejected with, as the guard's errors (the lookup's refusal travels as a cause). */
  private mapError(error: unknown, url: string): Error {
    const signalReason: unknown = this.controller.signal.aborted ? this.controller.signal.reason : undefined;
    if (signalReason instanceof FetchLimitError) return signalReason;
    if (this.callerSignal?.aborted)
      return this.callerSignal.reason instanceof Error ? this.callerSignal.reason : new Error('aborted');
    for (let cause: unknown = error; isErrorLike(cause); cause = cause.cause) {
      if (cause instanceof FetchRefusedError) return new FetchRefusedError(cause.reason, cause.message, url);
      if (cause instanceof FetchLimitError || cause instanceof FetchFailedError) return cause;
    }
    return new FetchFailedError(describe(error), url, { cause: error });
  }
}

/** The innermost useful description: "connect ECONNREFUSED 127.0.0.1:9", "other side closed", … */
function describe(error: unknown): string {
  let text = isErrorLike(error) ? error.message : String(error);
  for (let cause: unknown = isErrorLike(error) ? error.cause : undefined; isErrorLike(cause); cause = cause.cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    text = code && !cause.message.includes(code) ? `${code}: ${cause.message}` : cause.message;
  }
  return text;
}

/** Errors of Node's own modules fail `instanceof Error` across realms (a test's VM context). */
function isErrorLike(value: unknown): value is Error {
  return typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';
}
