import type { CategoryRecord, CategoryText } from './category.js';
import { FALLBACK_LANGUAGE, resolveLanguage } from './localized.js';

/**
 * A checked UpdateCategory: only what is set changes. A language's text sets its name (and slug);
 * its description and meta change only when given (a non-empty description, a meta), unless
 * `replaceTexts`, which writes each given language's text whole (an empty description and an
 * absent meta clear them).
 */
export interface CategoryUpdate {
  readonly texts: Readonly<Record<string, CategoryText>>;
  readonly replaceTexts?: boolean;
  /** The new parent (root: id '') and the category's ancestors under it (root first, the parent
   *  last), when it moves. */
  readonly parent?: { readonly id: string; readonly ancestorIds: readonly string[] };
  readonly position?: number;
  readonly imageUrl?: string;
  readonly googleProductCategoryId?: number;
}

export interface CategoryChange {
  readonly category: CategoryRecord;
  /** Under another parent: descendants' ancestors and products' breadcrumbs follow. */
  readonly moved: boolean;
  /** Its name or slug in the fallback language changed: what products' events carry. */
  readonly renamed: boolean;
}

/** The category with the update applied, or null when nothing changes. */
export function applyCategoryUpdate(
  current: CategoryRecord,
  update: CategoryUpdate,
  now: string,
): CategoryChange | null {
  const moved = update.parent !== undefined && update.parent.id !== current.parentId;
  const next: CategoryRecord = {
    ...current,
    texts: { ...current.texts, ...changedTexts(current.texts, update) },
    parentId: moved && update.parent ? update.parent.id : current.parentId,
    ancestorIds: moved && update.parent ? [...update.parent.ancestorIds] : current.ancestorIds,
    position: update.position ?? current.position,
    imageUrl: update.imageUrl ?? current.imageUrl,
    googleProductCategoryId: update.googleProductCategoryId ?? current.googleProductCategoryId,
  };
  const shown = (record: CategoryRecord) => {
    const text = resolveLanguage(record.texts, FALLBACK_LANGUAGE);
    return `${text?.name ?? ''}\n${text?.slug ?? ''}`;
  };
  const renamed = shown(next) !== shown(current);
  const same = !moved && JSON.stringify(next) === JSON.stringify(current);
  return same ? null : { category: { ...next, updatedAt: now }, moved, renamed };
}

/** The languages the update names, each merged into (or, with `replaceTexts`, replacing) its current text. */
function changedTexts(
  current: CategoryRecord['texts'],
  update: Pick<CategoryUpdate, 'texts' | 'replaceTexts'>,
): Record<string, CategoryText> {
  const texts: Record<string, CategoryText> = {};
  for (const [language, text] of Object.entries(update.texts)) {
    const kept = update.replaceTexts ? undefined : current[language];
    const meta = text.meta ?? kept?.meta;
    texts[language] = {
      name: text.name,
      slug: text.slug,
      description: text.description || (kept?.description ?? ''),
      ...(meta ? { meta } : {}),
    };
  }
  return texts;
}
