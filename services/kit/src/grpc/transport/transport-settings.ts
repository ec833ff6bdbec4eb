import type { Settings } from 'node:http2';
import type { ChannelOptions } from '@grpc/grpc-js';
import { CHANNEL_OPTIONS } from '../channel-options.js';

/** What the kit's transport takes from the platform's channel options (one source of truth). */
export interface TransportSettings {
  readonly keepaliveTimeMs: number;
  readonly keepaliveTimeoutMs: number;
  readonly maxReceiveMessageLength: number;
  readonly maxConcurrentStreams: number | undefined;
}

export function transportSettings(overrides: ChannelOptions = {}): TransportSettings {
  const options = { ...CHANNEL_OPTIONS, ...overrides };
  const number = (key: string, fallback: number): number => {
    const value = options[key];
    return typeof value === 'number' ? value : fallback;
  };
  const streams = options['grpc.max_concurrent_streams'];
  return {
    keepaliveTimeMs: number('grpc.keepalive_time_ms', 20_000),
    keepaliveTimeoutMs: number('grpc.keepalive_timeout_ms', 10_000),
    maxReceiveMessageLength: number('grpc.max_receive_message_length', 4 * 1024 * 1024),
    maxConcurrentStreams: typeof streams === 'number' ? streams : undefined,
  };
}

/**
 * HTTP/2 settings of both ends. A 1 MiB stream window (the default is 64 KiB) lets a large
 * message cross a fast link without waiting for WINDOW_UPDATEs; push is meaningless for gRPC.
 */
export const STREAM_WINDOW_BYTES = 1024 * 1024;
/** The connection-level window: several large messages in flight at once. */
export const CONNECTION_WINDOW_BYTES = 8 * 1024 * 1024;

export function http2Settings(settings: TransportSettings): Settings {
  return {
    enablePush: false,
    initialWindowSize: STREAM_WINDOW_BYTES,
    ...(settings.maxConcurrentStreams === undefined ? {} : { maxConcurrentStreams: settings.maxConcurrentStreams }),
  };
}

/**
 * nghttp2 refuses new streams (ENHANCE_YOUR_CALM) once a session buffers more than this; the
 * 10 MB default trips under bursts of large messages, and grpc-js lifts the limit likewise.
 */
export const MAX_SESSION_MEMORY_MB = Number.MAX_SAFE_INTEGER;
