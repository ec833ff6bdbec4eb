import type { Collection, Document, DocumentStore } from '@pc/kit/ports/document-store';

type ReadMethod = 'get' | 'find';

/**
 * A real store whose collections can hold their next read's answer until `release()`: a read
 * that started before a write and ends after it, as happens when a replica is busy.
 */
export function holdingStore(store: DocumentStore) {
  let armed: ReadMethod | undefined;
  let held: (() => void) | undefined;
  const holdCollection = (collection: Collection<Document>) =>
    new Proxy(collection, {
      get(inner, name) {
        const value: unknown = Reflect.get(inner, name);
        if (typeof value !== 'function') return value;
        if (name !== 'get' && name !== 'find') return value.bind(inner);
        return async (...args: unknown[]) => {
          const answer: unknown = await Reflect.apply(value, inner, args);
          if (armed !== name) return answer;
          armed = undefined;
          await new Promise<void>((release) => (held = release));
          return answer;
        };
      },
    });
  const holding = new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      if (property !== 'collection') return value.bind(target);
      return async (options: Parameters<DocumentStore['collection']>[0]) =>
        holdCollection(await target.collection(options));
    },
  });
  return {
    store: holding,
    /** The next `method` read answers only after `release()`. */
    holdNext: (method: ReadMethod) => (armed = method),
    release: () => held?.(),
  };
}

/** Lets a started read reach the store before the test goes on. */
export const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
