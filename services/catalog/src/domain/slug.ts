// URL slugs: lower-case ASCII words joined by dashes. NFKD folds most accents; the letters it
// leaves alone (ß, ø, æ, ł, ...) are spelled out so "Weißbier" becomes "weissbier", not "wei-bier".

const SPELLED: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  '+': ' plus ',
};

const MAX_SLUG_LENGTH = 80;

/** "Apple iPhone 15 Pro (128 GB)" → "apple-iphone-15-pro-128-gb"; '' when nothing is left. */
export function slugify(text: string, maxLength = MAX_SLUG_LENGTH): string {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæøœłđðþı+]/g, (char) => SPELLED[char] ?? char);
  const slug = folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length <= maxLength) return slug;
  // Cut at a word boundary so a slug never ends in half a word.
  const cut = slug.slice(0, maxLength + 1);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > 0 ? cut.slice(0, lastDash) : cut.slice(0, maxLength)).replace(/-+$/, '');
}
