/**
 * A schema.org item as every syntax gives it once read (JSON-LD, microdata, RDFa): its types and
 * its properties, each a list of values (text or nested items). One shape, so one reader turns
 * products into offers whatever the page used.
 */
export interface SchemaNode {
  /** Type names without the vocabulary, e.g. "Product", "Offer". */
  readonly types: readonly string[];
  readonly props: ReadonlyMap<string, readonly SchemaValue[]>;
}

export type SchemaValue = string | SchemaNode;

const VOCABULARY = /^https?:\/\/schema\.org\//i;

export const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && 'types' in value && 'props' in value;

const typeNames = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .filter((type): type is string => typeof type === 'string')
    .map((type) => type.replace(VOCABULARY, ''));

/**
 * Reads a JSON-LD (or JSON-LD-shaped) object into a node: `@type` becomes types, other keys
 * properties (vocabulary prefixes dropped); values are flattened to lists; `{"@value": …}`
 * unwraps; numbers and booleans become text; nested objects become nodes.
 */
export function nodeOf(object: Readonly<Record<string, unknown>>, depth = 0): SchemaNode {
  const props = new Map<string, SchemaValue[]>();
  for (const [key, value] of Object.entries(object)) {
    if (key.startsWith('@')) continue;
    const values = valuesOf(value, depth);
    if (values.length > 0) props.set(key.replace(VOCABULARY, ''), values);
  }
  return { types: typeNames(object['@type']), props };
}

function valuesOf(value: unknown, depth: number): SchemaValue[] {
  if (depth > 20) return [];
  if (Array.isArray(value)) return value.flatMap((item) => valuesOf(item, depth + 1));
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    if ('@value' in object) return valuesOf(object['@value'], depth + 1);
    if (Object.keys(object).length === 1 && typeof object['@id'] === 'string') return [object['@id']];
    return [nodeOf(object, depth + 1)];
  }
  return [];
}

/** The first text value of a property (a nested item's `name`, or `url` for an image object). */
export function textOf(node: SchemaNode, ...keys: string[]): string {
  for (const key of keys) {
    for (const value of node.props.get(key) ?? []) {
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
      if (isNode(value)) {
        const inner = textOf(value, 'name', 'url', 'contentUrl', 'value');
        if (inner) return inner;
      }
    }
  }
  return '';
}

/** The nested items of a property. */
export const nodesOf = (node: SchemaNode, key: string): SchemaNode[] => (node.props.get(key) ?? []).filter(isNode);

export const hasType = (node: SchemaNode, ...types: string[]): boolean =>
  node.types.some((type) => types.includes(type));

/** Every node in a tree of nodes, depth first, the node itself first. */
export function* walkNodes(node: SchemaNode, depth = 0): Generator<SchemaNode> {
  yield node;
  if (depth > 20) return;
  for (const values of node.props.values())
    for (const value of values) if (isNode(value)) yield* walkNodes(value, depth + 1);
}
