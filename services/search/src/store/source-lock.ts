/**
 * Takes turns between this process's two writers of product and price records: an event batch
 * (read, merge, one unconditional bulk write) and a rebuild's merge of its owners' streams. The
 * rebuild's writes are conditional and cannot overwrite a batch's; the lock also keeps a batch
 * that read before a rebuild's write from writing over it after. Other replicas' batches are not
 * held by it (docs/decisions/113-search-rebuilds-from-the-owners.md).
 */
export class SourceLock {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `work` once every earlier holder is done; a failure is the caller's alone. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
