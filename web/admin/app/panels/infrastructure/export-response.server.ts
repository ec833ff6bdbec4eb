import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { EXPORT_SOURCES, type ExportRow } from '../../services/exports.server';
import type { ExportEntity, ExportFormat } from './data-transfer';

const CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

/** A CSV cell: lists joined by spaces (GTINs, countries), everything else as text. */
const cell = (value: ExportRow[string]): string | number | boolean =>
  Array.isArray(value) ? value.join(' ') : (value as string | number | boolean);

async function* jsonLines(rows: AsyncIterable<ExportRow>): AsyncIterable<string> {
  for await (const row of rows) yield `${JSON.stringify(row)}\n`;
}

async function* csvRecords(rows: AsyncIterable<ExportRow>, columns: readonly string[]): AsyncIterable<unknown[]> {
  for await (const row of rows) yield columns.map((column) => cell(row[column] ?? ''));
}

/**
 * An export as a streamed download: rows flow from the owning service's stream or pages through
 * the serializer (csv-stringify, formulas escaped so a spreadsheet never runs a cell) to the
 * response, each step waiting for the next to take more — memory holds a page, not the table.
 * The download stopping (the browser closed) cancels the service's stream.
 */
export function exportResponse(
  entity: ExportEntity,
  format: ExportFormat,
  actorUserId: string,
  request: Request,
  headers: Record<string, string>,
): Response {
  const source = EXPORT_SOURCES[entity];
  const controller = new AbortController();
  request.signal.addEventListener('abort', () => controller.abort(), { once: true });
  const rows = source.rows(actorUserId, controller.signal);
  const body =
    format === 'csv'
      ? Readable.from(csvRecords(rows, source.columns)).pipe(
          stringify({ header: true, columns: [...source.columns], escape_formulas: true }),
        )
      : Readable.from(jsonLines(rows));
  body.on('close', () => controller.abort());
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    headers: {
      ...headers,
      'Content-Type': CONTENT_TYPES[format],
      'Content-Disposition': `attachment; filename="${entity}-${stamp}.${format}"`,
      'Cache-Control': 'no-store',
    },
  });
}
