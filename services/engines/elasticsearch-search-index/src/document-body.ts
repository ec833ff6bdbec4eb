import { foldCase } from '@pc/text-analysis/fold';
import type { EncodedDocument } from '@pc/kit/ports/support/search/document-encoding';
import type { SchemaPlan } from '@pc/kit/ports/support/search/schema-plan';
import { PHRASE, suggestEntries } from '@pc/kit/ports/support/search/suggest-entries';
import { PAIR_SEPARATOR } from './field-layout.js';
import type { TextAnalysis } from './text-analysis.js';

/**
 * The Elasticsearch source of a validated document: the document itself under `src`, and under
 * `ix` what matching needs (see field-layout.ts and index-mappings.ts).
 */
export function documentBody(
  plan: SchemaPlan,
  analysis: TextAnalysis,
  doc: EncodedDocument,
  source: unknown,
): Record<string, unknown> {
  const t: Record<string, unknown> = {};
  plan.textFields.forEach(({ name }, i) => {
    const text = doc.texts[i] ?? '';
    if (text !== '') t[name] = analysis.indexValue(text);
  });
  const k: Record<string, readonly string[]> = {};
  const n: Record<string, number> = {};
  const exact = new Set<string>();
  plan.valueFields.forEach(({ name, type }, i) => {
    const value = doc.values[i];
    if (value === null || value === undefined) return;
    if (type === 'number' && typeof value === 'number') n[name] = value;
    if (type === 'keyword' && Array.isArray(value)) {
      k[name] = value;
      for (const v of value) exact.add(foldCase(v));
    }
  });
  return { src: source, id: doc.id, ix: { t, k, n, exact: [...exact], sg: suggestFields(doc.suggest) } };
}

function suggestFields(value: string | null): Record<string, unknown> {
  if (value === null) return {};
  const entries = suggestEntries(value);
  const phrase = entries.find((entry) => entry.kind === PHRASE);
  const words = entries.filter((entry) => entry.kind !== PHRASE);
  return {
    phrase: phrase?.key,
    display: phrase?.display,
    word: words.map((entry) => entry.key),
    pair: words.map((entry) => `${entry.key}${PAIR_SEPARATOR}${entry.display}`),
  };
}
