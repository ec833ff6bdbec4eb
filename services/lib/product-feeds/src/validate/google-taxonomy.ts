import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The Google product taxonomy a feed's `google_product_category` is checked against: ids and
 * full paths ("Home & Garden > Decor > Artwork"), in every language file loaded. Google
 * publishes it as text files of `ID - A > B > C` lines; the project does not ship them (see the
 * package README), so a caller loads them from where they are, or validates without.
 */
export class GoogleTaxonomy {
  /** Per language (ISO 639-1, from the file name), id → path. */
  private readonly paths = new Map<string, Map<number, string>>();
  /** Lower-cased path in any language → id and that language. */
  private readonly ids = new Map<string, { readonly id: number; readonly language: string }>();
  private readonly known = new Set<number>();

  private constructor(readonly source: string) {}

  /** Reads taxonomy files (`ID - A > B > C` lines; the first " - " splits, names may hold one). */
  static async load(files: readonly string[]): Promise<GoogleTaxonomy> {
    const taxonomy = new GoogleTaxonomy(files.map((file) => file.split('/').pop()).join(', '));
    for (const file of files) {
      const language = languageOfFile(file);
      const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
      let number = 0;
      for await (const line of lines) {
        number += 1;
        taxonomy.addLine(line, language, `${file}:${number}`);
      }
    }
    return taxonomy;
  }

  /** From text (tests, small custom lists). */
  static fromText(text: string, language = 'en', source = 'text'): GoogleTaxonomy {
    const taxonomy = new GoogleTaxonomy(source);
    text
      .split('\n')
      .forEach((line, index) => taxonomy.addLine(line.replace(/\r$/, ''), language, `${source}:${index + 1}`));
    return taxonomy;
  }

  private addLine(line: string, language: string, where: string): void {
    if (line.trim() === '' || line.startsWith('#')) return;
    const separator = line.indexOf(' - ');
    const id = separator > 0 ? Number(line.slice(0, separator)) : Number.NaN;
    if (!Number.isSafeInteger(id) || id <= 0)
      throw new Error(`${where}: not a taxonomy line "ID - A > B": ${line.slice(0, 80)}`);
    const path = normalisePath(line.slice(separator + 3));
    let byId = this.paths.get(language);
    if (!byId) this.paths.set(language, (byId = new Map()));
    if (!byId.has(id)) byId.set(id, path);
    if (!this.ids.has(path.toLowerCase())) this.ids.set(path.toLowerCase(), { id, language });
    this.known.add(id);
  }

  /** Distinct category ids. */
  get size(): number {
    return this.known.size;
  }

  has(id: number): boolean {
    return this.known.has(id);
  }

  /** The path of an id in a language (undefined when that language has no file or lacks the id). */
  pathOf(id: number, language: string): string | undefined {
    return this.paths.get(language)?.get(id);
  }

  /** The id and language of a full path in any loaded language, case-insensitive; undefined when unknown. */
  find(path: string): { readonly id: number; readonly language: string } | undefined {
    return this.ids.get(normalisePath(path).toLowerCase());
  }
}

/** "taxonomy-with-ids.de-DE.txt" → "de"; English when the name tells no language. */
function languageOfFile(file: string): string {
  return /taxonomy-with-ids\.([a-z]{2})-/.exec(file)?.[1] ?? 'en';
}

const normalisePath = (path: string): string =>
  path
    .split('>')
    .map((name) => name.trim())
    .join(' > ');

/** English first (the newest snapshot), then the translations: the files found in `dir`. */
export function taxonomyFilesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir).filter((name) => /^taxonomy-with-ids\..+\.txt$/.test(name));
  const rank = (name: string) => (name.includes('en-US.2') ? 0 : name.includes('en-US') ? 1 : 2);
  return files.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).map((name) => join(dir, name));
}
