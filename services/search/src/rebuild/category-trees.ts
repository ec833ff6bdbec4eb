import { UnavailableError } from '@pc/kit/errors/domain-errors';
import type { ServiceClient } from '@pc/kit/grpc/client';
import { SEARCH_LANGUAGES } from '@pc/kit/ports/search-index';
import type { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import type { CategoryNode } from '@pc/proto/catalog/v1/types';
import { categoryRecordOfTree, type CategoryRecord } from '../domain/category-record.js';

/** GetCategoryTree's most levels below its root: a node this deep is read again as a root. */
const MAX_DEPTH = 6;

interface Named {
  parentId: string;
  readonly names: Record<string, string>;
  readonly slugs: Record<string, string>;
}

/**
 * Every category of catalog's tree, named in each language search serves: GetCategoryTree once
 * per language (whole tree), and again from each node at its depth limit. A language a category
 * has no name in answers the fallback language's, as every reader of the tree sees it.
 */
export async function categoryTrees(
  catalog: ServiceClient<typeof CatalogServiceService>,
  signal: AbortSignal,
): Promise<CategoryRecord[]> {
  const categories = new Map<string, Named>();
  const add = (node: CategoryNode, parentId: string, language: string): void => {
    const ref = node.category;
    if (!ref?.id) return;
    const named = categories.get(ref.id) ?? { parentId, names: {}, slugs: {} };
    named.parentId = parentId;
    named.names[language] = ref.name;
    named.slugs[language] = ref.slug;
    categories.set(ref.id, named);
  };
  for (const language of SEARCH_LANGUAGES) {
    const roots: { readonly id: string; readonly parentId: string }[] = [{ id: '', parentId: '' }];
    for (let root = roots.pop(); root !== undefined; root = roots.pop()) {
      const nodes = await treeOf(catalog, root.id, language, signal);
      const walk = (node: CategoryNode, parentId: string, depth: number): void => {
        add(node, parentId, language);
        const id = node.category?.id ?? '';
        if (depth === MAX_DEPTH && root.id !== id) roots.push({ id, parentId });
        else for (const child of node.children) walk(child, id, depth + 1);
      };
      // A subtree read again: its root is known already, with its parent.
      for (const node of nodes) walk(node, root.parentId, 0);
    }
  }
  return [...categories].map(([id, named]) => categoryRecordOfTree(id, named.parentId, named.names, named.slugs));
}

async function treeOf(
  catalog: ServiceClient<typeof CatalogServiceService>,
  rootId: string,
  language: string,
  signal: AbortSignal,
): Promise<CategoryNode[]> {
  signal.throwIfAborted();
  try {
    return (await catalog.getCategoryTree({ rootId, maxDepth: MAX_DEPTH, language }, { signal })).nodes;
  } catch (error) {
    signal.throwIfAborted();
    throw new UnavailableError(
      `catalog's GetCategoryTree failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
