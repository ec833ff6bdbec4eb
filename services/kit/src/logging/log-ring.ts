/**
 * The bounded in-memory ring of this process's latest log records at warn and above (ADR 133):
 * what LogAdminService answers the infrastructure panel with. It is a pino destination, so it
 * receives each line as written — after redaction — and never an object a caller could still
 * change. Bounded by records and by bytes, whichever comes first; the oldest go first.
 */

/** The levels the ring keeps, least severe first. */
export const KEPT_LEVELS = ['warn', 'error', 'fatal'] as const;
export type KeptLevel = (typeof KEPT_LEVELS)[number];

/** pino's numeric levels of the kept ones (a logger without the level formatter writes these). */
const NUMERIC_LEVELS: Readonly<Record<number, KeptLevel>> = { 40: 'warn', 50: 'error', 60: 'fatal' };

/** Fields every record has, shown in columns of their own (the rest go to `fieldsJson`). */
const OWN_FIELDS = new Set(['level', 'time', 'msg', 'service', 'trace_id', 'span_id', 'pid', 'hostname']);

/** A record's other fields are kept up to this many characters (a stack or a big object is cut). */
export const MAX_FIELDS_CHARS = 16 * 1024;

export interface KeptRecord {
  /** Its place in the ring's order (higher: newer); page tokens name it. */
  readonly seq: number;
  readonly time: Date;
  readonly level: KeptLevel;
  readonly message: string;
  readonly service: string;
  readonly traceId: string;
  readonly spanId: string;
  /** The other fields as a JSON object (cut at MAX_FIELDS_CHARS, then `truncated`). */
  readonly fieldsJson: string;
  readonly truncated: boolean;
}

export interface LogRingLimits {
  readonly maxRecords: number;
  /** Characters of message and fields held together (about bytes: the lines are mostly ASCII). */
  readonly maxBytes: number;
}

export const DEFAULT_LIMITS: LogRingLimits = { maxRecords: 2_000, maxBytes: 4 * 1024 * 1024 };

export interface LogQuery {
  readonly minLevel: KeptLevel;
  /** Records logged at or after it. */
  readonly since?: Date;
  /** Lowercase text the message or the fields contain. */
  readonly contains?: string;
  readonly traceId?: string;
  /** Records of this service only (a test platform runs several services in one process). */
  readonly service?: string;
  /** Records older than this seq (the previous page's token). */
  readonly before?: number;
  readonly limit: number;
}

const levelOf = (value: unknown): KeptLevel | null =>
  typeof value === 'number'
    ? (NUMERIC_LEVELS[value] ?? null)
    : (KEPT_LEVELS as readonly unknown[]).includes(value)
      ? (value as KeptLevel)
      : null;

const timeOf = (value: unknown): Date => {
  const time = typeof value === 'string' || typeof value === 'number' ? new Date(value) : new Date(NaN);
  return Number.isNaN(time.getTime()) ? new Date() : time;
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export class LogRing {
  private records: KeptRecord[] = [];
  private bytes = 0;
  private nextSeq = 1;

  constructor(readonly limits: LogRingLimits = DEFAULT_LIMITS) {}

  /** A pino destination's write: one serialized line; lines below warn (or not JSON) are ignored. */
  write(line: string): void {
    const record = this.parse(line);
    if (!record) return;
    this.records.push(record);
    this.bytes += sizeOf(record);
    while (
      this.records.length > this.limits.maxRecords ||
      (this.bytes > this.limits.maxBytes && this.records.length > 1)
    ) {
      const dropped = this.records.shift();
      if (dropped) this.bytes -= sizeOf(dropped);
    }
  }

  /** Records kept now, and the time of the oldest. */
  get kept(): { readonly records: number; readonly since: Date | undefined } {
    return { records: this.records.length, since: this.records[0]?.time };
  }

  /** Matching records, newest first, at most `limit`; `next`: the token of the page after (none when none is left). */
  query(query: LogQuery): { records: KeptRecord[]; next: number | undefined } {
    const minRank = KEPT_LEVELS.indexOf(query.minLevel);
    const found: KeptRecord[] = [];
    for (let i = this.records.length - 1; i >= 0; i--) {
      const record = this.records[i] as KeptRecord;
      if (query.before !== undefined && record.seq >= query.before) continue;
      if (KEPT_LEVELS.indexOf(record.level) < minRank) continue;
      if (query.since && record.time < query.since) continue;
      if (query.traceId && record.traceId !== query.traceId) continue;
      if (query.service && record.service && record.service !== query.service) continue;
      if (query.contains && !`${record.message}\n${record.fieldsJson}`.toLowerCase().includes(query.contains)) continue;
      if (found.length === query.limit) return { records: found, next: found[found.length - 1]?.seq };
      found.push(record);
    }
    return { records: found, next: undefined };
  }

  private parse(line: string): KeptRecord | null {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return null;
    }
    if (typeof parsed !== 'object' || parsed === null) return null;
    const fields = parsed as Record<string, unknown>;
    const level = levelOf(fields.level);
    if (!level) return null;
    const rest = Object.fromEntries(Object.entries(fields).filter(([key]) => !OWN_FIELDS.has(key)));
    const json = JSON.stringify(rest);
    const truncated = json.length > MAX_FIELDS_CHARS;
    return {
      seq: this.nextSeq++,
      time: timeOf(fields.time),
      level,
      message: text(fields.msg).slice(0, MAX_FIELDS_CHARS),
      service: text(fields.service),
      traceId: text(fields.trace_id),
      spanId: text(fields.span_id),
      fieldsJson: truncated ? json.slice(0, MAX_FIELDS_CHARS) : json,
      truncated,
    };
  }
}

/** What a record costs the ring: its texts, plus a little for the object. */
const sizeOf = (record: KeptRecord): number => record.message.length + record.fieldsJson.length + 200;

let processRing: LogRing | undefined;

/** This process's ring: every logger of createLogger writes its warnings and errors to it. */
export const processLogRing = (): LogRing => (processRing ??= new LogRing());
