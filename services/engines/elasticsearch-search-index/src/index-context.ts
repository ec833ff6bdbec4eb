import type { Client } from '@elastic/elasticsearch';
import type { SearchDocument } from '@pc/kit/ports/search-index';
import { encodeDocument } from '@pc/kit/ports/support/search/document-encoding';
import type { SchemaPlan } from '@pc/kit/ports/support/search/schema-plan';
import type { BulkOptions, BulkWrite } from './bulk-writer.js';
import { documentBody } from './document-body.js';
import type { TextAnalysis } from './text-analysis.js';

/** One index version as a handle, the reindexer and the search code see it. */
export interface IndexContext {
  readonly client: Client;
  /** The concrete index of this schema (`<alias>-v<hash>`): reads and writes go here. */
  readonly index: string;
  readonly plan: SchemaPlan;
  readonly analysis: TextAnalysis;
  readonly bulk: BulkOptions;
}

/**
 * Validates every document first (InvalidArgumentError naming `documents[i].<field>`, as the
 * embedded adapter does), so a bad batch writes nothing.
 */
export function encodeWrites(context: IndexContext, docs: readonly SearchDocument[]): BulkWrite[] {
  const encoded = docs.map((doc, i) => encodeDocument(context.plan, doc, i));
  return encoded.map((doc, i) => ({ id: doc.id, body: documentBody(context.plan, context.analysis, doc, docs[i]) }));
}
