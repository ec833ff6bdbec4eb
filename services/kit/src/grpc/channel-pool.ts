import { Client, credentials } from '@grpc/grpc-js';
import { CHANNEL_OPTIONS } from './channel-options.js';

/**
 * One channel (HTTP/2 connection) per address for the whole process: every client of every
 * service at that address shares it. Creating channels per call or per request is the most
 * common reason a Node gRPC client is slow.
 */
const channels = new Map<string, Client>();

export function channelFor(address: string): Client {
  let channel = channels.get(address);
  if (!channel) {
    channel = new Client(address, credentials.createInsecure(), CHANNEL_OPTIONS);
    channels.set(address, channel);
  }
  return channel;
}

/** Closes every pooled channel (process shutdown, tests). */
export function closeAllChannels(): void {
  for (const channel of channels.values()) channel.close();
  channels.clear();
}
