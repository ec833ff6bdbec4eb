import { Channel } from './transport/channel.js';
import { transportSettings, type TransportSettings } from './transport/transport-settings.js';

/**
 * One channel (HTTP/2 connection) per address for the whole process: every client of every
 * service at that address shares it. Creating channels per call or per request is the most
 * common reason a gRPC client is slow.
 */
const channels = new Map<string, Channel>();
let settings: TransportSettings | undefined;

export function channelFor(address: string): Channel {
  let channel = channels.get(address);
  if (!channel) {
    settings ??= transportSettings();
    channel = new Channel(address, settings);
    channels.set(address, channel);
  }
  return channel;
}

/** The largest response a client accepts (the platform's `grpc.max_receive_message_length`). */
export function maxReceiveLength(): number {
  settings ??= transportSettings();
  return settings.maxReceiveMessageLength;
}

/** Closes every pooled channel (process shutdown, tests); calls in flight still finish. */
export function closeAllChannels(): void {
  for (const channel of channels.values()) channel.close();
  channels.clear();
}
