/** One exported row: column → value, in the export's column order. */
export type ExportRow = Readonly<Record<string, string | number | boolean | readonly string[]>>;

/** Where one export of the data area reads its rows (ADR 055). */
export interface ExportSource {
  readonly columns: readonly string[];
  /** The rows in a stable order, read page by page (never all at once). */
  rows(actorUserId: string, signal: AbortSignal): AsyncIterable<ExportRow>;
}
