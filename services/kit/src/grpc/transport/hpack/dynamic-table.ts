/** Size of an entry by RFC 7541 §4.1: its octets plus 32 (header names and values are latin1). */
export const entrySize = (name: string, value: string): number => name.length + value.length + 32;

/**
 * HPACK's dynamic table (RFC 7541 §2.3.2, §4): newest entry first, evicting the oldest to stay
 * within the size limit. Entries are numbered by insertion (`inserted` counts them all), so an
 * encoder can remember where a field went and compute its current index in O(1).
 */
export class DynamicTable {
  private readonly names: string[] = [];
  private readonly values: string[] = [];
  /** Position of the oldest live entry in the arrays above. */
  private first = 0;
  size = 0;
  /** Entries ever inserted; the entry with sequence number s is live while s >= evicted. */
  inserted = 0;
  evicted = 0;

  constructor(
    public maxSize: number,
    private readonly onEvict?: (seq: number, name: string, value: string) => void,
  ) {}

  get length(): number {
    return this.inserted - this.evicted;
  }

  /** The entry at dynamic index `i` (1 = newest), or undefined past the end. */
  name(i: number): string | undefined {
    return i >= 1 && i <= this.length ? this.names[this.names.length - i] : undefined;
  }

  value(i: number): string | undefined {
    return i >= 1 && i <= this.length ? this.values[this.values.length - i] : undefined;
  }

  /** The dynamic index (1 = newest) of the entry with this sequence number. */
  indexOf(seq: number): number {
    return this.inserted - seq;
  }

  /** Inserts, evicting as needed; an entry larger than the table empties it and is not kept (§4.4). */
  add(name: string, value: string): void {
    const size = entrySize(name, value);
    this.evictTo(this.maxSize - size);
    if (size > this.maxSize) return;
    this.names.push(name);
    this.values.push(value);
    this.inserted += 1;
    this.size += size;
  }

  setMaxSize(maxSize: number): void {
    this.maxSize = maxSize;
    this.evictTo(maxSize);
  }

  private evictTo(limit: number): void {
    while (this.size > limit && this.length > 0) {
      const name = this.names[this.first] as string;
      const value = this.values[this.first] as string;
      this.size -= entrySize(name, value);
      this.onEvict?.(this.evicted, name, value);
      this.first += 1;
      this.evicted += 1;
    }
    // Compact now and then rather than shifting on every eviction.
    if (this.first > 64 && this.first * 2 > this.names.length) {
      this.names.splice(0, this.first);
      this.values.splice(0, this.first);
      this.first = 0;
    }
    if (this.length === 0) this.size = 0;
  }
}
