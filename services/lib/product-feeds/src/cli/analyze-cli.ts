import { createReadStream, existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { analyzeFeed } from '../analyze-feed.js';
import { isFeedFormatChoice, type FeedFormatChoice } from '../read/feed-format.js';
import { isCountryCode, isCurrencyCode, isLanguageCode } from '../validate/codes.js';
import { loadTaxonomyFrom } from '../validate/taxonomy-location.js';

const USAGE = `usage: npm run feeds:analyze -- --file FEED [--format auto|google-merchant-xml|csv|tsv|idealo-csv]
       [--country CH] [--currency CHF] [--language de] [--taxonomy DIR|none]
Prints the analysis report of a product feed as JSON (exit 0; 3 when the feed could not be read to its end).
`;

class UsageError extends Error {}

interface CliOptions {
  readonly file: string;
  readonly format: FeedFormatChoice;
  readonly country: string;
  readonly currency: string;
  readonly language: string;
  readonly taxonomy: string | null | undefined;
}

function parseArgs(args: readonly string[], cwd: string): CliOptions | 'help' {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === '--help' || arg === '-h') return 'help';
    if (!arg.startsWith('--') || i + 1 >= args.length) throw new UsageError(`unexpected argument "${arg}"`);
    values.set(arg.slice(2), args[(i += 1)] as string);
  }
  for (const key of values.keys())
    if (!['file', 'format', 'country', 'currency', 'language', 'taxonomy'].includes(key))
      throw new UsageError(`unknown flag --${key}`);
  const file = values.get('file');
  if (!file) throw new UsageError('--file is required');
  const path = resolve(cwd, file);
  if (!existsSync(path) || !statSync(path).isFile()) throw new UsageError(`--file: no such file ${path}`);
  const format = values.get('format') ?? 'auto';
  if (!isFeedFormatChoice(format))
    throw new UsageError(`--format: "${format}" is not auto, google-merchant-xml, csv, tsv or idealo-csv`);
  const country = (values.get('country') ?? 'CH').toUpperCase();
  if (!isCountryCode(country)) throw new UsageError(`--country: "${country}" is not an ISO 3166-1 alpha-2 code`);
  const currency = (values.get('currency') ?? 'CHF').toUpperCase();
  if (!isCurrencyCode(currency)) throw new UsageError(`--currency: "${currency}" is not an ISO 4217 code`);
  const language = (values.get('language') ?? 'de').toLowerCase();
  if (!isLanguageCode(language)) throw new UsageError(`--language: "${language}" is not an ISO 639-1 code`);
  const taxonomy = values.get('taxonomy');
  return {
    file: path,
    format,
    country,
    currency,
    language,
    taxonomy: taxonomy === 'none' ? null : taxonomy === undefined ? undefined : resolve(cwd, taxonomy),
  };
}

async function main(): Promise<number> {
  let options;
  try {
    // npm runs scripts from the repository root; paths are meant from where it was typed.
    options = parseArgs(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  const taxonomy = options.taxonomy === null ? null : await loadTaxonomyFrom(options.taxonomy);
  const report = await analyzeFeed(createReadStream(options.file), {
    format: options.format,
    defaults: { country: options.country, currency: options.currency, language: options.language },
    taxonomy,
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  return report.complete ? 0 : 3;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `feeds:analyze failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
