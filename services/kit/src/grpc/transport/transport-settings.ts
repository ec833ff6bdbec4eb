import type { ChannelOptions } from '@grpc/grpc-js';
import { CHANNEL_OPTIONS } from '../channel-options.js';
import type { ConnectionLimits } from './http2/connection.js';

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
 * The HTTP/2 limits of both ends. A 1 MiB stream window (the default is 64 KiB) lets a large
 * message cross a fast link without waiting for WINDOW_UPDATEs; 8 MiB for the connection lets
 * several do so at once. Header lists are bounded (grpc-go allows 16 MiB, grpc-core 8–16 KiB;
 * 64 KiB leaves room for error details), and a server takes at most 1,000 concurrent calls
 * per connection unless configured otherwise: beyond, clients queue (the kit's client does).
 */
export const STREAM_WINDOW_BYTES = 1024 * 1024;
export const CONNECTION_WINDOW_BYTES = 8 * 1024 * 1024;
export const MAX_HEADER_LIST_BYTES = 64 * 1024;
const DEFAULT_SERVER_MAX_STREAMS = 1_000;

export function connectionLimits(settings: TransportSettings, isServer: boolean): ConnectionLimits {
  return {
    streamWindow: STREAM_WINDOW_BYTES,
    connectionWindow: CONNECTION_WINDOW_BYTES,
    maxHeaderListSize: MAX_HEADER_LIST_BYTES,
    maxConcurrentStreams: isServer ? (settings.maxConcurrentStreams ?? DEFAULT_SERVER_MAX_STREAMS) : undefined,
    keepaliveTimeMs: settings.keepaliveTimeMs,
    keepaliveTimeoutMs: settings.keepaliveTimeoutMs,
  };
}
