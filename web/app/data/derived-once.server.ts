/**
 * What a render derives from a kept page part (ADR 093), made once per part and key instead of on
 * every render. A kept part is the same object until a change replaces it, so the derived view
 * lives exactly as long as its part (a WeakMap: it goes when the part is dropped); a part read
 * afresh on each render (parts not kept) derives afresh too. `key` names what else the view depends
 * on (the page's language and country); a view must not be changed by the code it is given to.
 */
const views = new WeakMap<object, Map<string, unknown>>();

export function derivedOnce<T>(part: object, key: string, make: () => T): T {
  let ofPart = views.get(part);
  if (!ofPart) {
    ofPart = new Map();
    views.set(part, ofPart);
  }
  if (ofPart.has(key)) return ofPart.get(key) as T;
  const view = make();
  ofPart.set(key, view);
  return view;
}
