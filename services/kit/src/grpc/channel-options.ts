import type { ChannelOptions } from '@grpc/grpc-js';

/**
 * Channel settings shared by servers and clients of the platform, in grpc-js's vocabulary: the
 * kit's own transport reads keepalive and the message limit from here (transport-settings.ts),
 * and code that builds stock grpc-js clients (the BFF's gateways) can pass them as they are.
 */
export const CHANNEL_OPTIONS: ChannelOptions = {
  // Keep idle connections alive through proxies and notice dead peers within ~30 s.
  'grpc.keepalive_time_ms': 20_000,
  'grpc.keepalive_timeout_ms': 10_000,
  'grpc.keepalive_permit_without_calls': 1,
  'grpc.http2.min_ping_interval_without_data_ms': 10_000,
  'grpc.max_receive_message_length': 16 * 1024 * 1024,
};
