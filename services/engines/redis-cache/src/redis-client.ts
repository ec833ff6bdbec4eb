import { Redis } from 'ioredis';
import { UnavailableError } from '@pc/kit/errors/domain-errors';
import { HIT_SCRIPT, INCREMENT_SCRIPT } from './redis-scripts.js';

/** The two log calls the client makes, shaped like pino's so a service logger fits as is. */
export interface RedisCacheLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface RedisClientOptions {
  readonly url: string;
  /** Prepended by ioredis to every key, including the KEYS of the scripts. */
  readonly keyPrefix: string;
  readonly commandTimeoutMs: number;
  readonly startupTimeoutMs: number;
  readonly logger: RedisCacheLogger | undefined;
}

/** ioredis with the cache's scripts defined on it (defineCommand adds methods at run time). */
export interface ScriptedRedis extends Redis {
  cacheIncrement(key: string, by: number, ttlMs: string): Promise<number>;
  cacheHit(key: string, limit: number, windowMs: number): Promise<[number, number, number]>;
}

/** Reconnect soon after a blip, then every second while Redis stays away — never give up. */
const reconnectDelay = (attempt: number): number => Math.min(attempt * 100, 1_000);

/**
 * Opens the ioredis connection and resolves once it is ready. Calls fail fast while Redis is
 * away instead of queueing: no offline queue (a call made while disconnected rejects at once),
 * in-flight calls rejected on the first lost connection (maxRetriesPerRequest 0) and never
 * resent (INCR is not idempotent), and a timeout for a server that accepts but does not answer.
 * ioredis keeps reconnecting on its own, so the cache recovers without the caller's help.
 */
export async function connectRedis(options: RedisClientOptions): Promise<ScriptedRedis> {
  const client = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: options.commandTimeoutMs,
    connectTimeout: options.commandTimeoutMs,
    retryStrategy: reconnectDelay,
    // disconnect() arms a timer of this length even for a socket already closed (a failed
    // open): keep it short so it does not hold the process for ioredis's default 2 s.
    disconnectTimeout: 200,
  });
  client.defineCommand('cacheIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
  client.defineCommand('cacheHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  watchConnection(client, options.logger);
  try {
    await waitUntilReady(client, options.startupTimeoutMs);
  } catch (error) {
    client.disconnect();
    throw error;
  }
  return client as ScriptedRedis;
}

/** Logs losing and regaining the connection once each, not every failed reconnect attempt. */
function watchConnection(client: Redis, logger: RedisCacheLogger | undefined): void {
  let lost = false;
  // Without an 'error' listener ioredis prints every reconnect failure with console.error.
  client.on('error', (error: Error) => {
    if (lost) return;
    lost = true;
    logger?.warn({ err: error }, 'redis connection lost; calls fail with UNAVAILABLE until it is back');
  });
  client.on('ready', () => {
    if (!lost) return;
    lost = false;
    logger?.info({}, 'redis connection restored');
  });
}

function waitUntilReady(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    let lastError: unknown;
    const onError = (error: unknown): void => {
      lastError = error;
    };
    const timer = setTimeout(() => {
      client.off('ready', onReady).off('error', onError);
      reject(new UnavailableError(`redis did not become ready within ${timeoutMs} ms`, { cause: lastError }));
    }, timeoutMs);
    const onReady = (): void => {
      clearTimeout(timer);
      client.off('error', onError);
      resolve();
    };
    client.once('ready', onReady).on('error', onError);
  });
}
