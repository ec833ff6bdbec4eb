import type { BinaryWriter } from '@bufbuild/protobuf/wire';

/** The encode/decode pair ts-proto generates for every message. */
export interface MessageCodec<T> {
  encode(message: T): BinaryWriter;
  decode(input: Uint8Array): T;
}

/** An event kind: its topic, its protobuf type name (in the envelope) and its codec. */
export interface EventType<T> {
  readonly topic: string;
  readonly typeName: string;
  readonly codec: MessageCodec<T>;
}

/** e.g. `defineEvent('offers.offer-changed.v1', 'pricecompare.offers.events.v1.OfferChanged', OfferChanged)`. */
export function defineEvent<T>(topic: string, typeName: string, codec: MessageCodec<T>): EventType<T> {
  return { topic, typeName, codec };
}
