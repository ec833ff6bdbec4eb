import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import type { Category, CategoryNode, CategoryTranslation } from '@pc/proto/catalog/v1/types';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { config } from '../config.server';
import type { CategoryTreeNode } from '../panels/shopping/category-options';
import { TEXT_LANGUAGES, type TextLanguage } from '../panels/shopping/text-languages';
import { client } from './grpc.server';

const catalog = client(CatalogServiceService, config.CATALOG_GRPC_ADDR);

/** The deepest tree catalog answers in one call (GetCategoryTree's max_depth). */
const MAX_DEPTH = 6;

const treeRow = (node: CategoryNode): CategoryTreeNode => ({
  id: node.category?.id ?? '',
  name: node.category?.name ?? '',
  productsCount: Number(node.category?.productsCount ?? 0),
  children: node.children.map(treeRow),
});

/** The whole category tree (GetCategoryTree, one read per level in catalog). */
export async function categoryTree(language: TextLanguage): Promise<CategoryTreeNode[]> {
  const { nodes } = await catalog.getCategoryTree({ rootId: '', maxDepth: MAX_DEPTH, language });
  return nodes.map(treeRow);
}

/** A category's texts in one language: its name, description and page metas. */
export interface CategoryTexts {
  readonly name: string;
  readonly description: string;
  readonly metaTitle: string;
  readonly metaDescription: string;
  readonly keywords: readonly string[];
  /** False when the language has no texts of its own: these are the fallback's (English). */
  readonly own: boolean;
}

const textsOf = (category: Category | undefined, language: TextLanguage): CategoryTexts => ({
  name: category?.name ?? '',
  description: category?.description ?? '',
  metaTitle: category?.meta?.title ?? '',
  metaDescription: category?.meta?.description ?? '',
  keywords: category?.meta?.keywords ?? [],
  own: category?.language === language,
});

/** A category as its page shows it: its names and texts in every language (English where it has none). */
export interface CategoryDetail {
  readonly id: string;
  readonly parentId: string;
  readonly path: readonly string[];
  readonly names: Readonly<Record<TextLanguage, string>>;
  readonly texts: Readonly<Record<TextLanguage, CategoryTexts>>;
  readonly childrenCount: number;
  readonly productsCount: number;
  readonly googleProductCategoryId: number;
  readonly version: number;
}

/** GetCategory in each language; null when catalog does not know the id. */
export async function categoryById(categoryId: string, language: TextLanguage): Promise<CategoryDetail | null> {
  let answers: (Category | undefined)[];
  try {
    answers = await Promise.all(
      TEXT_LANGUAGES.map(async (lang) => (await catalog.getCategory({ categoryId, language: lang })).category),
    );
  } catch (error) {
    if (error instanceof RpcError && [GrpcStatus.NOT_FOUND, GrpcStatus.INVALID_ARGUMENT].includes(error.code))
      return null;
    throw error;
  }
  const own = answers[TEXT_LANGUAGES.indexOf(language)];
  if (!own) return null;
  return {
    id: own.id,
    parentId: own.parentId,
    path: [...own.ancestors.map((ancestor) => ancestor.name), own.name],
    names: Object.fromEntries(TEXT_LANGUAGES.map((lang, i) => [lang, answers[i]?.name ?? ''])) as Record<
      TextLanguage,
      string
    >,
    texts: Object.fromEntries(TEXT_LANGUAGES.map((lang, i) => [lang, textsOf(answers[i], lang)])) as Record<
      TextLanguage,
      CategoryTexts
    >,
    childrenCount: own.children.length,
    productsCount: Number(own.productsCount),
    googleProductCategoryId: Number(own.googleProductCategoryId),
    version: Number(own.version),
  };
}

/** CreateCategory: catalog checks staff:shopping, the names' uniqueness and the Google id, and audits it. */
export async function createCategory(
  actorUserId: string,
  fields: { parentId: string; names: Partial<Record<TextLanguage, string>>; googleProductCategoryId: number },
): Promise<string> {
  const { category } = await catalog.createCategory({
    actorUserId,
    parentId: fields.parentId,
    translations: Object.entries(fields.names)
      .filter(([, name]) => name)
      .map(([language, name]) => ({ language, name: name!, description: '', meta: undefined })),
    position: 0,
    imageUrl: '',
    googleProductCategoryId: fields.googleProductCategoryId,
    language: 'en',
  });
  return category?.id ?? '';
}

/** One language's texts as the texts form sends them (no meta at all when every meta is empty). */
export interface CategoryTextsEdit {
  readonly language: TextLanguage;
  readonly name: string;
  readonly description: string;
  readonly metaTitle: string;
  readonly metaDescription: string;
  readonly keywords: readonly string[];
}

const translationOf = (edit: CategoryTextsEdit): CategoryTranslation => ({
  language: edit.language,
  name: edit.name,
  description: edit.description,
  meta:
    edit.metaTitle || edit.metaDescription || edit.keywords.length > 0
      ? { title: edit.metaTitle, description: edit.metaDescription, keywords: [...edit.keywords] }
      : undefined,
});

/**
 * UpdateCategory of what one form changes, under its version: a name in one language (catalog
 * keeps that language's description and metas), one language's texts whole (name, description,
 * metas: replace_translations), the parent, the Google id.
 */
export async function updateCategory(
  actorUserId: string,
  categoryId: string,
  expectedVersion: number,
  change:
    | { kind: 'rename'; language: TextLanguage; name: string }
    | { kind: 'texts'; texts: CategoryTextsEdit }
    | { kind: 'move'; parentId: string }
    | { kind: 'map'; googleProductCategoryId: number },
): Promise<void> {
  const translations: CategoryTranslation[] =
    change.kind === 'rename'
      ? [{ language: change.language, name: change.name, description: '', meta: undefined }]
      : change.kind === 'texts'
        ? [translationOf(change.texts)]
        : [];
  await catalog.updateCategory({
    categoryId,
    actorUserId,
    expectedVersion,
    translations,
    replaceTranslations: change.kind === 'texts',
    parentId: change.kind === 'move' ? change.parentId : undefined,
    position: undefined,
    imageUrl: undefined,
    googleProductCategoryId: change.kind === 'map' ? change.googleProductCategoryId : undefined,
    language: 'en',
  });
}

/** DeleteCategory: catalog deletes only an empty category (no subcategory, no product), checks staff:shopping and audits it. */
export async function deleteCategory(actorUserId: string, categoryId: string, expectedVersion: number): Promise<void> {
  await catalog.deleteCategory({ categoryId, actorUserId, expectedVersion });
}
