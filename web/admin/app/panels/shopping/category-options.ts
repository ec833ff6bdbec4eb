/** A category tree node as the shopping panel's pages receive it. */
export interface CategoryTreeNode {
  readonly id: string;
  readonly name: string;
  readonly productsCount: number;
  readonly children: readonly CategoryTreeNode[];
}

/** The tree as one list for a parent choice: each category after its parent, with its depth. */
export function flattenTree(
  nodes: readonly CategoryTreeNode[],
  depth = 0,
): { id: string; name: string; depth: number }[] {
  return nodes.flatMap((node) => [{ id: node.id, name: node.name, depth }, ...flattenTree(node.children, depth + 1)]);
}

/** The category and everything below it (a category cannot move under itself). */
export function subtreeIds(nodes: readonly CategoryTreeNode[], rootId: string): Set<string> {
  const found = new Set<string>();
  const walk = (list: readonly CategoryTreeNode[], inside: boolean) => {
    for (const node of list) {
      const here = inside || node.id === rootId;
      if (here) found.add(node.id);
      walk(node.children, here);
    }
  };
  walk(nodes, false);
  return found;
}
