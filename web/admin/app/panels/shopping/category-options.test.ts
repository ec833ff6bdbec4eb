import { flattenTree, subtreeIds, type CategoryTreeNode } from './category-options';

const node = (id: string, children: CategoryTreeNode[] = []): CategoryTreeNode => ({
  id,
  name: id.toUpperCase(),
  productsCount: 0,
  children,
});
const tree = [node('a', [node('a1', [node('a1x')]), node('a2')]), node('b')];

describe('the category tree as parent choices', () => {
  it('lists each category after its parent with its depth', () => {
    expect(flattenTree(tree).map((c) => `${c.depth}${c.id}`)).toEqual(['0a', '1a1', '2a1x', '1a2', '0b']);
  });

  it('finds a category with all it holds, which it cannot be moved under', () => {
    expect([...subtreeIds(tree, 'a1')].sort()).toEqual(['a1', 'a1x']);
    expect([...subtreeIds(tree, 'b')]).toEqual(['b']);
  });
});
