/** An export reads the whole table: the stream may take longer than a page's deadline. */
export const EXPORT_DEADLINE_MS = 30 * 60_000;

/** A time as an export writes it: ISO 8601, '' when absent. */
export const iso = (date: Date | undefined): string => date?.toISOString() ?? '';

/** One exported row: column → value, in the export's column order. */
export type ExportRow = Readonly<Record<string, string | number | boolean | readonly string[]>>;

/** Where one export of the data area reads its rows (ADR 055). */
export interface ExportSource {
  readonly columns: readonly string[];
  /** The rows in a stable order, read page by page (never all at once). */
  rows(actorUserId: string, signal: AbortSignal): AsyncIterable<ExportRow>;
}
