// A burst of category changes (an import, a taxonomy load) tells the site once, not once per
// event (ADR 131): every `categories` change renders again each stored page naming categories and
// drops the kept names of every language, so a thousand events would cost a thousand rounds.
// CommonJS, like the rest of the edge.
'use strict';

/** How long category changes are gathered after one applied: a burst costs one round per window. */
const CATEGORY_WINDOW_MS = 2_000;

/** The tags a category's change names (web/edge/page-events.cjs): `categories`, `category:<id>`. */
const isCategoryTag = (tag) => tag === 'categories' || tag.startsWith('category:');

/**
 * Wraps `changed(tags)` so that category tags are applied at once when none was in the last
 * `windowMs`, and otherwise gathered and applied together at the window's end (which opens the
 * next window): a burst reaches `changed` once at its start and once per window after, and its
 * last change always applies after it. Other tags pass at once. Returns `changed` with `stop()`,
 * which ends the window: a follower stopped hears no more changes either, its pages expire by age.
 */
function coalesceCategoryChanges(changed, { windowMs = CATEGORY_WINDOW_MS } = {}) {
  const gathered = new Set();
  let window = null;
  const applyGathered = () => {
    if (gathered.size === 0) {
      window = null; // quiet for a whole window: the next change applies at once
      return;
    }
    const tags = [...gathered];
    gathered.clear();
    openWindow();
    changed(tags);
  };
  const openWindow = () => {
    window = setTimeout(applyGathered, windowMs);
    window.unref?.();
  };
  const coalesced = (tags) => {
    const categories = tags.filter(isCategoryTag);
    const others = categories.length === tags.length ? [] : tags.filter((tag) => !isCategoryTag(tag));
    if (others.length > 0) changed(others);
    if (categories.length === 0) return;
    if (window) {
      for (const tag of categories) gathered.add(tag);
      return;
    }
    openWindow();
    changed(categories);
  };
  coalesced.stop = () => {
    clearTimeout(window);
    window = null;
    gathered.clear();
  };
  return coalesced;
}

module.exports = { coalesceCategoryChanges, CATEGORY_WINDOW_MS };
