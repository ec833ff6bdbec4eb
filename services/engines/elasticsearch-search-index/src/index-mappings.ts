import type { estypes } from '@elastic/elasticsearch';
import type { SchemaPlan } from '@pc/kit/ports/support/search/schema-plan';
import { ID, KEYWORD_IGNORE_ABOVE, SOURCE } from './field-layout.js';
import type { TextAnalysis } from './text-analysis.js';

export interface IndexShape {
  readonly shards: number;
  /** A number, or a range like '0-1' (auto_expand_replicas): one node stays green, two get a copy. */
  readonly replicas: number | string;
}

/** What `_meta` of an index version records: its schema and whether it finished building. */
export interface VersionMeta {
  readonly fingerprint: string;
  readonly analysis: string;
  readonly state: 'building' | 'ready';
  readonly startedAt: number;
}

const keyword: estypes.MappingProperty = { type: 'keyword', ignore_above: KEYWORD_IGNORE_ABOVE };
/** Only read by aggregations (doc values), never searched. */
const displayOnly: estypes.MappingProperty = { type: 'keyword', index: false, ignore_above: KEYWORD_IGNORE_ABOVE };

/** Settings and mappings of one index version, derived from the schema alone. */
export function indexBody(
  plan: SchemaPlan,
  analysis: TextAnalysis,
  shape: IndexShape,
  meta: VersionMeta,
): estypes.IndicesCreateRequest {
  const text: Record<string, estypes.MappingProperty> = {};
  for (const { name } of plan.textFields) text[name] = analysis.mapping();
  const keywords: Record<string, estypes.MappingProperty> = {};
  const numbers: Record<string, estypes.MappingProperty> = {};
  for (const field of plan.valueFields) {
    // double holds every integer up to 2^53 exactly: minor units, counts, epoch ms.
    if (field.type === 'keyword') keywords[field.name] = keyword;
    else numbers[field.name] = { type: 'double' };
  }
  const replicas =
    typeof shape.replicas === 'number'
      ? { number_of_replicas: shape.replicas }
      : { auto_expand_replicas: shape.replicas };
  return {
    index: '',
    settings: {
      number_of_shards: shape.shards,
      ...replicas,
      ...(analysis.settings === undefined ? {} : { analysis: analysis.settings }),
    },
    mappings: {
      // A typo in the layout fails loudly instead of creating fields by guess.
      dynamic: 'strict',
      _meta: { ...meta },
      _source: { excludes: ['ix'] },
      properties: {
        [SOURCE]: { type: 'object', enabled: false },
        [ID]: keyword,
        ix: {
          properties: {
            t: { properties: text },
            k: { properties: keywords },
            n: { properties: numbers },
            exact: keyword,
            sg: { properties: { phrase: keyword, display: displayOnly, word: keyword, pair: displayOnly } },
          },
        },
      },
    },
  };
}
