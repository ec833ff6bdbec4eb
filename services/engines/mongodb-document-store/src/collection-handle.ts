import { Schema, type Connection, type Model, type mongo } from 'mongoose';
import { UnavailableError } from '@pc/kit/errors/domain-errors';
import type { ConnectionWatchdog } from './connection-watchdog.js';
import type { MongoDocument } from './document-codec.js';

/** What the operations of one collection share. */
export interface CollectionHandle {
  readonly name: string;
  /** `<database>.<collection>`: where the collection lives, for keys shared across store instances. */
  readonly namespace: string;
  /** mongoose's model: lean queries and counts (filters arrive validated, see filter.ts). */
  readonly model: Model<MongoDocument>;
  /**
   * The driver's collection behind the model, for writes. The port's documents are plain JSON,
   * checked by document-codec.ts; mongoose's write path would hydrate each one into a mongoose
   * document first (casting, minimize, version keys) for nothing but cost and surprises.
   */
  readonly raw: mongo.Collection<MongoDocument>;
  /** Throws UnavailableError once the store is closed (the driver's own error is less clear). */
  assertOpen(): void;
  /** Told how each call ended, to rebuild a client whose view of the server is stuck. */
  readonly watchdog: Pick<ConnectionWatchdog, 'succeeded' | 'failed'>;
}

// No declared paths and no automatic ObjectId `_id`: mongoose casts nothing, so filters reach
// the server exactly as validated (MongoDB's own type rules apply, as the port specifies). No
// buffering: a call while the server is away fails after the server selection timeout instead
// of waiting in mongoose's queue until it is back.
function documentSchema(collection: string): Schema<MongoDocument> {
  return new Schema<MongoDocument>(
    {},
    {
      collection,
      _id: false,
      strict: false,
      strictQuery: false,
      versionKey: false,
      minimize: false,
      autoIndex: false,
      autoCreate: false,
      bufferCommands: false,
      id: false,
    },
  );
}

export function collectionHandle(
  connection: Connection,
  name: string,
  isClosed: () => boolean,
  watchdog: CollectionHandle['watchdog'],
): CollectionHandle {
  // Models are cached per connection: a second `collection()` of the same name reuses its model.
  const model =
    (connection.models[name] as Model<MongoDocument> | undefined) ?? connection.model(name, documentSchema(name), name);
  return {
    name,
    namespace: `${connection.name}.${name}`,
    model,
    raw: model.collection as unknown as mongo.Collection<MongoDocument>,
    assertOpen() {
      if (isClosed()) throw new UnavailableError('the document store is closed');
    },
    watchdog,
  };
}
