import { parse } from 'csv-parse/sync';

/** An upload larger than this is refused before it is read. */
export const MAX_UPLOAD_BYTES = 16 * 1024 * 1024;

export type UploadRows = { readonly rows: string[] } | { readonly error: string };

/**
 * An upload's rows, each as a JSON object's text for the owning service to check: CSV by its
 * header (csv-parse: quoting, BOM and line breaks in cells as the format has them), JSON Lines
 * one object per non-empty line — a line that is no JSON object is left for the service to
 * report at its row.
 */
export function uploadRows(text: string, format: 'csv' | 'jsonl'): UploadRows {
  if (format === 'jsonl') return { rows: text.split(/\r?\n/).filter((line) => line.trim() !== '') };
  try {
    const records = parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: true }) as Record<
      string,
      string
    >[];
    return { rows: records.map((record) => JSON.stringify(record)) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
