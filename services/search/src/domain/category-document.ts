import type { SearchDocument, SearchLanguage } from '@pc/kit/ports/search-index';
import { SEARCH_LANGUAGES } from '@pc/kit/ports/search-index';
import type { CategoryRecord } from './category-record.js';
import { FALLBACK_LANGUAGE } from './languages.js';
import type { ProductRecord } from './product-record.js';
import { sortName } from './sort-name.js';

export type CategoryDocument = SearchDocument & {
  /** The name in catalog's fallback language (English): shown where a language has none. */
  readonly name: string;
  readonly slug: string;
  /** Its names in the other languages: a query in any of them finds it (the request's language stems it). */
  readonly names?: readonly string[];
  /** Ancestor names, root first, as its products' events carry them (the fallback language). */
  readonly path_names: readonly string[];
  /**
   * The ancestors' names in the other languages catalog names them in (the side state's records):
   * a query in any language finds the subcategories, the request's language stemming it as `names`.
   */
  readonly ancestor_names?: readonly string[];
  /** Ancestor ids, root first: the path is named in the request's language from their documents. */
  readonly path_ids?: readonly string[];
  /** Null for a root. */
  readonly parent_id: string | null;
  readonly depth: number;
  readonly products_count: number;
  readonly created_at: number;
  readonly count_at: number;
  /** Counted clicks on its products over the last 30 UTC days; absent for none (entity-popularity.ts). */
  readonly clicks_30d?: number;
  /**
   * The version of catalog's names it holds (CategoryChanged, category-record.ts); absent while
   * it holds only the fallback-language name its products' events carry.
   */
  readonly names_version?: number;
  // And per served language: `name_<language>` (stored for display, present where catalog has a
  // name in it) and `sort_name_<language>` (that name, else the fallback one, folded).
};

/** The stored name of a category in one language (display only, not indexed). */
const displayName = (language: SearchLanguage): string => `name_${language}`;

/** The keyword a list sorted by name in `language` orders categories by. */
export const sortNameField = (language: SearchLanguage): string => `sort_name_${language}`;

/** The category's name in `language`, else in the fallback language. */
export function categoryName(doc: CategoryDocument, language: SearchLanguage): string {
  const name = doc[displayName(language)];
  return typeof name === 'string' && name !== '' ? name : doc.name;
}

/** A category's name fields (NAME_FIELDS), by field. */
type NameFields = { name: string; slug: string } & Record<string, string | number | readonly string[]>;

/**
 * The name fields of a category: from catalog's names per language (`record`), else from the
 * fallback-language name and slug of its products' events.
 */
function nameFields(name: string, slug: string, record: CategoryRecord | null): NameFields {
  const names = record?.names ?? {};
  const fallback = names[FALLBACK_LANGUAGE] || Object.values(names)[0] || name;
  const fields: NameFields = {
    name: fallback,
    slug: record?.slugs[FALLBACK_LANGUAGE] || Object.values(record?.slugs ?? {})[0] || slug,
    sort_name: sortName(fallback),
  };
  const others = [...new Set(Object.values(names))].filter((other) => other !== fallback);
  if (others.length > 0) fields.names = others;
  for (const language of SEARCH_LANGUAGES) {
    const own = names[language];
    if (own) fields[displayName(language)] = own;
    fields[sortNameField(language)] = sortName(own || fallback);
  }
  if (record) fields.names_version = record.version;
  return fields;
}

/** Every field a category's names are held in, in one order (compared as JSON). */
const NAME_FIELDS: readonly string[] = [
  'name',
  'slug',
  'names',
  'sort_name',
  'names_version',
  ...SEARCH_LANGUAGES.flatMap((language) => [displayName(language), sortNameField(language)]),
];

/** The document without its name fields. */
function withoutNames(doc: CategoryDocument): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...doc };
  for (const field of NAME_FIELDS) delete rest[field];
  return rest;
}

/** The name fields a document holds, in NAME_FIELDS' order. */
function heldNames(doc: Readonly<Record<string, unknown>>): NameFields {
  const held: Record<string, unknown> = {};
  for (const field of NAME_FIELDS) if (doc[field] !== undefined) held[field] = doc[field];
  return held as NameFields;
}

/** Catalog's names of categories by id as the side state holds them (null: none held). */
export type NamedBy = (id: string) => CategoryRecord | null;

/** The names of the ancestors (`pathIds`) catalog gives that `pathNames` lacks, in path order; absent for none. */
function ancestorNames(
  pathIds: readonly string[],
  pathNames: readonly string[],
  named: NamedBy,
): readonly string[] | undefined {
  const shown = new Set(pathNames);
  const names = new Set<string>();
  for (const id of pathIds) {
    const record = named(id);
    if (record === null || record.deleted) continue;
    for (const name of Object.values(record.names)) if (!shown.has(name)) names.add(name);
  }
  return names.size > 0 ? [...names] : undefined;
}

/** The fields compared to tell whether a document changed (besides its name fields). */
function sameDocument(current: CategoryDocument, next: CategoryDocument): boolean {
  const list = (values: readonly string[] | undefined): string => (values ?? []).join('\n');
  return (
    JSON.stringify(heldNames(current)) === JSON.stringify(heldNames(next)) &&
    current.parent_id === next.parent_id &&
    current.products_count === next.products_count &&
    list(current.path_names) === list(next.path_names) &&
    list(current.path_ids) === list(next.path_ids) &&
    list(current.ancestor_names) === list(next.ancestor_names)
  );
}

/** The document with these name fields and ancestors' names. */
function withNames(
  doc: CategoryDocument,
  names: NameFields,
  ancestors: readonly string[] | undefined,
): CategoryDocument {
  const rest = withoutNames(doc);
  delete rest.ancestor_names;
  return { ...(rest as CategoryDocument), ...names, ...(ancestors ? { ancestor_names: ancestors } : {}) };
}

/**
 * The document named as catalog names the category and its ancestors (`named`, the side state):
 * its own names from its record (kept as held without one, or for a deleted one), its ancestors'
 * from theirs; null when it holds these names already.
 */
export function withCategoryNames(doc: CategoryDocument, named: NamedBy): CategoryDocument | null {
  const record = named(doc.id);
  const names = record && !record.deleted ? nameFields(doc.name, doc.slug, record) : heldNames(doc);
  const next = withNames(doc, names, ancestorNames(doc.path_ids ?? [], doc.path_names, named));
  return sameDocument(doc, next) ? null : next;
}

/**
 * The categories of a product's path as documents, each merged with the one held (`held(id)`);
 * only those that change are returned. Each takes catalog's names of itself and its ancestors from
 * `named(id)` (the side state) where it holds them; a category it holds none of keeps the names
 * its document has from catalog's category events (product events carry the fallback language's
 * only), else takes the event's. A category catalog deleted after the event was sent is left out
 * (a late event must not list it again).
 */
export function mergeCategories(
  product: ProductRecord,
  held: (id: string) => CategoryDocument | null,
  named: NamedBy = () => null,
): CategoryDocument[] {
  const changed: CategoryDocument[] = [];
  product.categoryPath.forEach((step, depth) => {
    if (!step.id) return;
    const current = held(step.id);
    if (current !== null && current.count_at > product.changedAt) return;
    const record = named(step.id);
    if (current === null && record?.deleted && record.deletedAt >= product.changedAt) return;
    const ancestors = product.categoryPath.slice(0, depth);
    const names =
      record && !record.deleted
        ? nameFields(step.name, step.slug, record)
        : current?.names_version !== undefined
          ? heldNames(current)
          : nameFields(step.name, step.slug, null);
    const pathNames = ancestors.map((ancestor) => ancestor.name);
    const pathIds = ancestors.map((ancestor) => ancestor.id);
    const ancestorsNamed = ancestorNames(pathIds, pathNames, named);
    const next: CategoryDocument = {
      ...names,
      id: step.id,
      path_names: pathNames,
      ...(ancestorsNamed ? { ancestor_names: ancestorsNamed } : {}),
      path_ids: pathIds,
      parent_id: ancestors[ancestors.length - 1]?.id ?? null,
      depth,
      products_count: step.productsCount,
      created_at: current?.created_at ?? product.changedAt,
      count_at: product.changedAt,
      // Its products' clicks are not the product event's: kept as held (entity-popularity.ts).
      clicks_30d: current?.clicks_30d,
    };
    if (current === null || !sameDocument(current, next)) changed.push(next);
  });
  return changed;
}
