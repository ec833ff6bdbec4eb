import type { CategoryTreeNode } from '~/services/catalog.server';

/**
 * Catalog's names of the categories in one language, by id (ADR 126). Search labels categories
 * with the names catalog's events carry, which are catalog's fallback language (English); what a
 * visitor sees is relabelled with these, and a category they do not hold keeps search's label.
 */
export interface CategoryNames {
  /** The category's name, or undefined for one catalog did not list. */
  name(id: string): string | undefined;
  /** Its ancestors' names, root first; undefined for one catalog did not list. */
  ancestors(id: string): readonly string[] | undefined;
}

interface Named {
  readonly name: string;
  /** Undefined when an ancestor has no name. */
  readonly ancestors: readonly string[] | undefined;
}

function namesFrom(byId: ReadonlyMap<string, Named>): CategoryNames {
  return { name: (id) => byId.get(id)?.name, ancestors: (id) => byId.get(id)?.ancestors };
}

/** No names known: every label stays as search gave it. */
export const NO_CATEGORY_NAMES: CategoryNames = namesFrom(new Map());

/** The names of a category tree as catalog answers it in one language (GetCategoryTree). */
export function categoryNamesOf(tree: readonly CategoryTreeNode[]): CategoryNames {
  const byId = new Map<string, Named>();
  const visit = (node: CategoryTreeNode, ancestors: readonly string[] | undefined) => {
    // An empty name would hide a category; search's label is better than none.
    if (node.id && node.name) byId.set(node.id, { name: node.name, ancestors });
    const path = ancestors && node.name ? [...ancestors, node.name] : undefined;
    for (const child of node.children) visit(child, path);
  };
  for (const root of tree) visit(root, []);
  return namesFrom(byId);
}

/** A category's label: catalog's name in the language where known, else search's. */
export const categoryLabel = (names: CategoryNames, id: string, label: string): string => names.name(id) ?? label;
