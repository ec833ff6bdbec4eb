// The benchmark run as a plain-text table, as the runner prints it and the report quotes it.
import type { BenchmarkRun } from './run-benchmarks.js';
import { pairCount, scoresOf, type Confusion } from './metrics.js';

const HEADER = ['dataset', 'pairs', 'matches', 'by id', 'TP', 'FP', 'FN', 'precision', 'recall', 'F1'];

function cells(name: string, confusion: Confusion, byIdentifiers: string): string[] {
  const { precision, recall, f1 } = scoresOf(confusion);
  return [
    name,
    String(pairCount(confusion)),
    String(confusion.truePositives + confusion.falseNegatives),
    byIdentifiers,
    String(confusion.truePositives),
    String(confusion.falsePositives),
    String(confusion.falseNegatives),
    precision.toFixed(3),
    recall.toFixed(3),
    f1.toFixed(3),
  ];
}

/** A Markdown table (readable as plain text too). */
export function formatBenchmarkRun(run: BenchmarkRun): string {
  const rows = run.rows.map((row) =>
    cells(
      row.dataset.subsetOf ? `${row.dataset.name} (⊂ ${row.dataset.subsetOf})` : row.dataset.name,
      row.confusion,
      String(row.byIdentifiers),
    ),
  );
  rows.push(cells('micro-average (distinct pairs)', run.micro, ''));
  const widths = HEADER.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (values: readonly string[]): string =>
    `| ${values.map((value, column) => (column === 0 ? value.padEnd(widths[column] ?? 0) : value.padStart(widths[column] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  const skipped = run.skipped.length > 0 ? `\n(no ${run.split} split: ${run.skipped.join(', ')})` : '';
  return [line(HEADER), rule, ...rows.map(line)].join('\n') + skipped;
}
