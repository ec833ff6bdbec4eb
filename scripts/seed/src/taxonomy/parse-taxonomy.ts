/** One line of a Google product taxonomy file: `ID - A > B > C`. */
export interface TaxonomyLine {
  readonly id: number;
  /** The path from the root, the id's own name last. */
  readonly path: readonly string[];
}

/**
 * Parses a taxonomy file. Splits on the first " - " only: some names contain " - " themselves
 * (e.g. de-DE "Schneehosen und - anzüge"). Comment and blank lines are skipped; a malformed line
 * is an error naming its line number, so a corrupt file is not silently half-read.
 */
export function parseTaxonomy(text: string): TaxonomyLine[] {
  const lines: TaxonomyLine[] = [];
  const rows = text.split('\n');
  for (let i = 0; i < rows.length; i += 1) {
    const row = (rows[i] ?? '').replace(/\r$/, '');
    if (row.trim() === '' || row.startsWith('#')) continue;
    const separator = row.indexOf(' - ');
    const id = separator > 0 ? Number(row.slice(0, separator)) : NaN;
    const path =
      separator > 0
        ? row
            .slice(separator + 3)
            .split(' > ')
            .map((name) => name.trim())
        : [];
    if (!Number.isSafeInteger(id) || id <= 0 || path.length === 0 || path.some((name) => name === '')) {
      throw new Error(`taxonomy line ${i + 1} is not "ID - A > B": ${row.slice(0, 80)}`);
    }
    lines.push({ id, path });
  }
  return lines;
}
