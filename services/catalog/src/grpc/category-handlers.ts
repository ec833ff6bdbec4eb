import { NotFoundError } from '@pc/kit/errors/domain-errors';
import type { ServiceHandlers } from '@pc/kit/grpc/service-types';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import type { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import type { CategoryNode } from '@pc/proto/catalog/v1/types';
import { EntitySort } from '@pc/proto/common/v1/sort';
import { compareSiblings, toCategoryMessage, toCategoryRef, type CategoryRecord } from '../domain/category.js';
import { resolveLanguage } from '../domain/localized.js';
import type { CategoryRepository, StoredCategory } from '../store/category-repository.js';
import { categoryView } from './category-view.js';
import { intInRange, languageOf, requireField } from './request-fields.js';

type Handlers = ServiceHandlers<typeof CatalogServiceService>;

const LOOKUP_PAGE = { defaultSize: 24, maxSize: 100 }; // spec §9: lookups page by 24
const DEFAULT_TREE_DEPTH = 2;
const MAX_TREE_DEPTH = 6;

/** Siblings in the order a list asks for. A level holds at most a few hundred categories, so it
 *  is sorted in memory: the name order depends on the reader's language, which no index knows. */
function sortSiblings(categories: StoredCategory[], sort: EntitySort, language: string): StoredCategory[] {
  if (sort === EntitySort.ENTITY_SORT_PRODUCT_COUNT)
    return categories.sort((a, b) => b.productsCount - a.productsCount || compareSiblings(language)(a, b));
  if (sort === EntitySort.ENTITY_SORT_NAME) {
    const name = (c: CategoryRecord) => resolveLanguage(c.texts, language)?.name ?? '';
    return categories.sort((a, b) => name(a).localeCompare(name(b), language) || a._id.localeCompare(b._id));
  }
  return categories.sort(compareSiblings(language));
}

export function categoryHandlers(
  categories: CategoryRepository,
): Pick<Handlers, 'listCategories' | 'getCategory' | 'getCategoryTree'> {
  return {
    listCategories: async (request) => {
      const language = languageOf(request.language);
      const page = resolvePage(request.page, LOOKUP_PAGE);
      if (request.parentId && !(await categories.get(request.parentId)))
        throw new NotFoundError('category', request.parentId);
      const children = sortSiblings(await categories.childrenOf([request.parentId]), request.sort, language);
      const items = children.slice(page.skip, page.skip + page.hitsPerPage);
      return {
        categories: items.map((c) => toCategoryMessage(c, language)),
        page: pageResponse(page, children.length),
      };
    },

    getCategory: async (request) => {
      const language = languageOf(request.language);
      const id = requireField('category_id', request.categoryId);
      const record = await categories.get(id);
      if (!record) throw new NotFoundError('category', id);
      return { category: await categoryView(categories, record, language) };
    },

    getCategoryTree: async (request) => {
      const language = languageOf(request.language);
      const maxDepth =
        request.maxDepth === 0 ? DEFAULT_TREE_DEPTH : intInRange('max_depth', request.maxDepth, 0, MAX_TREE_DEPTH);
      let level: StoredCategory[];
      if (request.rootId) {
        const root = await categories.get(request.rootId);
        if (!root) throw new NotFoundError('category', request.rootId);
        level = [root];
      } else {
        level = await categories.childrenOf(['']);
      }
      // One read per level (not per node): the children of the whole level at once.
      const nodes = new Map<string, CategoryNode>(
        level.map((c) => [c._id, { category: toCategoryRef(c, language), children: [] }]),
      );
      const roots = sortSiblings([...level], EntitySort.ENTITY_SORT_UNSPECIFIED, language).map((c) =>
        nodes.get(c._id)!,
      );
      for (let depth = 0; depth < maxDepth && level.length > 0; depth += 1) {
        const children = sortSiblings(
          await categories.childrenOf(level.map((c) => c._id)),
          EntitySort.ENTITY_SORT_UNSPECIFIED,
          language,
        );
        for (const child of children) {
          const node: CategoryNode = { category: toCategoryRef(child, language), children: [] };
          nodes.set(child._id, node);
          nodes.get(child.parentId)?.children.push(node);
        }
        level = children;
      }
      return { nodes: roots };
    },
  };
}
