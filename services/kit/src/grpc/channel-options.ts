import type { ChannelOptions, ServerOptions } from '@grpc/grpc-js';
import { describedMethods } from './proto-descriptors.js';

/** The largest message either end sends or accepts (a page of products with offers fits many times). */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** What servers and clients share. */
const COMMON: ChannelOptions = {
  'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
  'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
};

/**
 * Servers. A connection lives at most ~2 minutes (grpc-js adds ±10 % jitter): then the server
 * sends GOAWAY, the client re-resolves the name and connects again, so replicas added by a
 * scale-out get their share of calls within minutes. Calls in flight on an aged connection get
 * 30 s to finish (long server streams resume from their last position). The server pings an idle
 * client every 30 s and drops it after 10 s without an answer, and closes connections idle for
 * 5 minutes, so dead or forgotten peers do not hold sockets. Channelz stays on for servers:
 * grpc-js (1.14) tracks the connections that forceShutdown cuts only with it, and without
 * that a call outliving the shutdown grace period would never be cancelled.
 */
export const SERVER_OPTIONS: ServerOptions = {
  ...COMMON,
  'grpc.max_connection_age_ms': 120_000,
  'grpc.max_connection_age_grace_ms': 30_000,
  'grpc.keepalive_time_ms': 30_000,
  'grpc.keepalive_timeout_ms': 10_000,
  'grpc.max_connection_idle_ms': 300_000,
  // A client with many calls at once gets them all in flight instead of queued (1,000: what
  // bench:rpc at concurrency 50 and a BFF under load need, far below a flood).
  'grpc.max_concurrent_streams': 1_000,
};

/**
 * Reads by the naming convention of the protos (AIP-style verbs without side effects): the only
 * methods a client may retry. Writes are never retried: a write whose answer was lost may have
 * happened, and only the caller knows whether repeating it is safe.
 */
export const isReadMethod = (protoMethodName: string): boolean =>
  /^(Get|List|Search|BatchGet|Suggest|Check|Count|Lookup|Find|Stream)(?![a-z])/.test(protoMethodName);

/**
 * The service config of every channel: round robin over every address the name resolves to,
 * and retries of reads on UNAVAILABLE (a replica going away, a connection refused): up to 3
 * attempts, up to 25 ms then 100 ms apart (random backoff), always within the call's deadline.
 * Retry throttling (a bucket of 10 tokens, one less per failure, 0.1 more per success; retries
 * only above 5) stops retrying when a channel's calls keep failing, so a service that is down is
 * not sent three times its load. No hedging: it sends every slow read twice, a cost paid for a
 * tail latency the platform does not have.
 */
function serviceConfig(): string {
  const reads = describedMethods().filter(({ method }) => isReadMethod(method));
  return JSON.stringify({
    loadBalancingConfig: [{ round_robin: {} }],
    methodConfig: [
      {
        name: reads,
        retryPolicy: {
          maxAttempts: 3,
          initialBackoff: '0.025s',
          maxBackoff: '0.25s',
          backoffMultiplier: 4,
          retryableStatusCodes: ['UNAVAILABLE'],
        },
      },
    ],
    retryThrottling: { maxTokens: 10, tokenRatio: 0.1 },
  });
}

let clientOptions: ChannelOptions | undefined;

/**
 * Clients. Names resolve through DNS (`dns:///host:port`); the service config above comes from
 * here and not from DNS TXT records. After a connection closes (max connection age, a replica
 * stopping) the name is resolved again, at most every 5 s. Keepalive pings every 20 s notice a
 * dead server within 30 s, also between calls. A lost server is retried after 0.5 s, backing off
 * to 5 s: a restarted service is called again within seconds (with grpc-js's default ceiling
 * of 2 minutes, a client could wait that long before trying a service that is back).
 */
export function clientChannelOptions(): ChannelOptions {
  clientOptions ??= {
    ...COMMON,
    // Channelz is grpc-js's per-call bookkeeping for the channelz debug service, which no one
    // here queries: off, it saves every call some counters and timestamps (ADR 036).
    'grpc.enable_channelz': 0,
    'grpc.service_config': serviceConfig(),
    'grpc.service_config_disable_resolution': 1,
    'grpc.dns_min_time_between_resolutions_ms': 5_000,
    'grpc.keepalive_time_ms': 20_000,
    'grpc.keepalive_timeout_ms': 10_000,
    'grpc.keepalive_permit_without_calls': 1,
    'grpc.initial_reconnect_backoff_ms': 500,
    'grpc.max_reconnect_backoff_ms': 5_000,
  };
  return clientOptions;
}
