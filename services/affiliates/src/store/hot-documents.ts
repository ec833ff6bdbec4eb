import type { Document, Stored } from '@pc/kit/ports/document-store';

/**
 * The aggregate documents the fold wrote last, decoded, by id, least recently used first out
 * (ADR 062). An entry is the document exactly as stored at its version: it is taken out while a
 * write of it is in flight and put back only with what that write stored, so a failed write can
 * never leave a count behind that is not durable.
 */
export class HotDocuments<T extends Document> {
  private readonly entries = new Map<string, Stored<T>>();

  /** `capacity`: documents kept at most. */
  constructor(private readonly capacity: number) {}

  /** The document as last stored, removed until `keep` gives it back (null when not held). */
  take(id: string): Stored<T> | null {
    const found = this.entries.get(id);
    if (!found) return null;
    this.entries.delete(id);
    return found;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Holds a document as stored (most recently used). */
  keep(doc: Stored<T>): void {
    this.entries.delete(doc._id);
    this.entries.set(doc._id, doc);
    // A Map iterates in insertion order: the first key is the least recently used.
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
