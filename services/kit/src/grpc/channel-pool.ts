import { Client } from '@grpc/grpc-js';
import type { GrpcTlsFiles } from '../config/grpc-tls-config.js';
import { clientChannelOptions } from './channel-options.js';
import { clientCredentials, tlsKey } from './tls-credentials.js';

/**
 * One grpc-js channel per target for the whole process: every client of every service at that
 * target shares it (and with it the connections to each resolved address). Creating channels per
 * call or per request is the most common reason a gRPC client is slow.
 */
const channels = new Map<string, Client>();
/** Counts closeAllChannels calls: a client's channel reference opens a new channel after one. */
let generation = 0;
let processTls: GrpcTlsFiles = {};

/**
 * The TLS files of the process's clients (a service's own GRPC_TLS_*; `runService` sets them
 * before the app builds its clients). Channels opened before keep what they had.
 */
export function setClientTls(tls: GrpcTlsFiles): void {
  processTls = { GRPC_TLS_CERT: tls.GRPC_TLS_CERT, GRPC_TLS_KEY: tls.GRPC_TLS_KEY, GRPC_TLS_CA: tls.GRPC_TLS_CA };
}

/** `host:port` becomes `dns:///host:port`: resolved by DNS, every address used (round robin). */
export const dnsTarget = (address: string): string =>
  /^[a-z][a-z0-9+.-]*:\/\//.test(address) ? address : `dns:///${address}`;

/** The shared channel to a target (a grpc-js Client that any service's calls go through). */
export function channelFor(address: string, tls: GrpcTlsFiles = processTls): Client {
  const target = dnsTarget(address);
  const key = `${target}|${tlsKey(tls)}`;
  let channel = channels.get(key);
  if (!channel) {
    channel = new Client(target, clientCredentials(tls), clientChannelOptions());
    channels.set(key, channel);
  }
  return channel;
}

/**
 * A client's hold on its channel: opened on the first call (after the process's TLS is known),
 * and again after `closeAllChannels`, so a client outlives a closing of the pool.
 */
export function channelRef(address: string, tls?: GrpcTlsFiles): () => Client {
  let channel: Client | undefined;
  let openedIn = -1;
  return () => {
    if (!channel || openedIn !== generation) {
      channel = channelFor(address, tls);
      openedIn = generation;
    }
    return channel;
  };
}

/** Closes every pooled channel (process shutdown, tests): their connections go away. */
export function closeAllChannels(): void {
  for (const channel of channels.values()) channel.close();
  channels.clear();
  generation += 1;
}
