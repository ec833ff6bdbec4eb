import { createConnection } from 'mongoose';

/** A database name no other run uses, so test files and runs never see each other's data. */
export function uniqueDatabase(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/** Drops a test database (on FerretDB: its SQLite file), so runs do not pile up data. */
export async function dropDatabase(uri: string, database: string): Promise<void> {
  const connection = await createConnection(uri, { dbName: database, serverSelectionTimeoutMS: 5000 }).asPromise();
  try {
    await connection.dropDatabase();
  } finally {
    await connection.close();
  }
}

/** Drops every database whose name starts with `prefix` (a platform namespace's, ADR 016). */
export async function dropDatabasesNamed(uri: string, prefix: string): Promise<void> {
  const connection = await createConnection(uri, { serverSelectionTimeoutMS: 5000 }).asPromise();
  try {
    const { databases } = await connection.db!.admin().listDatabases();
    for (const { name } of databases.filter((database) => database.name.startsWith(prefix))) {
      await connection.useDb(name, { useCache: false }).dropDatabase();
    }
  } finally {
    await connection.close();
  }
}
