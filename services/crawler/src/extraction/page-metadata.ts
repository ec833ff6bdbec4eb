import { Handler, type RdfaNode, type Result } from 'htmlmetaparser';
import { Parser } from 'htmlparser2';
import { nodeOf, type SchemaNode } from './schema-node.js';

export interface PageMetadata {
  /** Top-level microdata items. */
  readonly microdata: readonly SchemaNode[];
  /** Top-level RDFa items, OpenGraph's `og:`/`product:` properties among them. */
  readonly rdfa: readonly SchemaNode[];
  /** `<html lang>`, when set. */
  readonly language: string;
  /** `<link rel=canonical>`, when set. */
  readonly canonical: string;
}

const nodes = (items: readonly RdfaNode[] | undefined): SchemaNode[] => (items ?? []).map((item) => nodeOf(item));

/**
 * Microdata, RDFa (OpenGraph included) and the HTML head of a page, read by htmlmetaparser on
 * htmlparser2 — the syntaxes' rules (itemscope, itemref, itemprop values per element, RDFa
 * prefixes and vocabularies) are theirs, not ours. Relative URLs resolve against `url`.
 */
export function readPageMetadata(html: string, url: string): PageMetadata {
  let result: Result | null = null;
  const handler = new Handler(
    (error, value) => {
      if (!error) result = value;
    },
    { url },
  );
  const parser = new Parser(handler, { decodeEntities: true });
  parser.write(html);
  parser.end();
  const read = result as Result | null;
  return {
    microdata: nodes(read?.microdata),
    rdfa: nodes(read?.rdfa),
    language: read?.html?.language ?? '',
    canonical: read?.html?.canonical ?? '',
  };
}
