import type {
  Collection,
  CollectionSpec,
  Document,
  DocumentStore,
  Filter,
  FindOptions,
  Stored,
} from '@pc/kit/ports/document-store';

/** A collection of one record type, read and written whole: hosts, robots, shops, jobs, schedules. */
export class SimpleRepository<T extends Document> {
  private constructor(readonly collection: Collection<T>) {}

  static async open<T extends Document>(store: DocumentStore, spec: CollectionSpec): Promise<SimpleRepository<T>> {
    return new SimpleRepository(await store.collection<T>(spec));
  }

  get(id: string): Promise<Stored<T> | null> {
    return this.collection.get(id);
  }

  put(record: T): Promise<Stored<T>> {
    return this.collection.put(record);
  }

  update(id: string, change: (current: Stored<T> | null) => T | null): Promise<Stored<T> | null> {
    return this.collection.update(id, change);
  }

  find(filter: Filter = {}, options: FindOptions = {}): Promise<Stored<T>[]> {
    return this.collection.find(filter, options);
  }

  count(filter: Filter = {}): Promise<number> {
    return this.collection.count(filter);
  }

  delete(id: string): Promise<boolean> {
    return this.collection.delete(id);
  }
}
