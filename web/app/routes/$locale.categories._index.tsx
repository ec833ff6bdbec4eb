import { data as withHeaders, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CategoryTree } from '~/components/lists/CategoryTree';
import { EntityListView } from '~/components/lists/EntityListView';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { entityListLoader } from '~/data/entity-list-loader.server';
import { required } from '~/data/load.server';
import { serverT } from '~/i18n/server-t.server';
import { routePath } from '~/routing/route-path';
import { categoryTree, type CategoryTreeNode } from '~/services/catalog.server';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import {
  CATALOG_SHARED_SECONDS,
  CATEGORY_NAMES_TAG,
  cacheTags,
  LIST_PAGE_READS,
  sharedCache,
} from '~/site/cache-headers';

const searchList = entityListLoader('categories');

export interface CategoryTreeItem {
  readonly id: string;
  readonly name: string;
  readonly count: number;
  readonly href: string;
  readonly children: readonly CategoryTreeItem[];
}

/**
 * {locale}/categories (spec §2.2): the category tree, each category once under its parent, names
 * in the page's language (catalog); a name filter or a sort (e.g. most popular) lists them
 * (search's category list, paged). Rendered again in the micro-cache when a category changes
 * (ADR 131).
 */
export async function loader(args: LoaderFunctionArgs) {
  const params = new URL(args.request.url).searchParams;
  const tagged = <T,>(page: T) => withHeaders(page, { headers: cacheTags(CATEGORY_NAMES_TAG) });
  if (params.get('search') || params.get('sort')) return tagged({ kind: 'list' as const, ...(await searchList(args)) });
  const context = siteContext(args.request, args.params.locale);
  const route = { locale: context.locale.id, language: context.language };
  const item = (node: CategoryTreeNode): CategoryTreeItem => ({
    id: node.id,
    name: node.name,
    count: node.productsCount,
    href: routePath('categories.show', route, { category: node.id }),
    children: node.children.filter((child) => child.productsCount > 0).map(item),
  });
  const roots = await required(categoryTree(context.language));
  return tagged({
    kind: 'tree' as const,
    title: serverT(context.language).t('lists.categories'),
    roots: roots.filter((root) => root.productsCount > 0).map(item),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title ?? 'Categories');

export default function CategoriesList() {
  const data = useLoaderData<typeof loader>();
  return data.kind === 'tree' ? (
    <CategoryTree title={data.title} roots={data.roots} />
  ) : (
    <EntityListView {...data} countKey="counts.products" />
  );
}

export const headers = sharedCache(CATALOG_SHARED_SECONDS, LIST_PAGE_READS);

export const ErrorBoundary = RouteErrorBoundary;
