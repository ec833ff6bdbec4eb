import { mongo } from 'mongoose';

interface Raw {
  _id: string;
  _version: number;
}

/**
 * Writes the way another process running this adapter would (`_version` + 1), through its own
 * driver client: concurrent writers in tests without this process's document queue between them.
 */
export async function openOtherWriter(uri: string, database: string) {
  const client = await new mongo.MongoClient(uri, { serverSelectionTimeoutMS: 5000 }).connect();
  const db = client.db(database);
  return {
    async set(collection: string, id: string, fields: Record<string, unknown>): Promise<void> {
      const update = { $set: fields, $inc: { _version: 1 } } as mongo.UpdateFilter<Raw>;
      await db.collection<Raw>(collection).updateOne({ _id: id }, update);
    },
    async insert(collection: string, doc: { _id: string } & Record<string, unknown>): Promise<void> {
      await db.collection<Raw>(collection).insertOne({ ...doc, _version: 1 });
    },
    close: () => client.close(),
  };
}
