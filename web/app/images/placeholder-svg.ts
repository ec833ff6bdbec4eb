/**
 * Placeholder images drawn from their id alone (the demo data links them; nothing is fetched or
 * stored): the same id always gives the same bytes, so they can be cached forever.
 *
 *   headphones-0k3f-bk-1  → an 800×800 product picture captioned "Headphones", hue from the id
 *   shop-preis-direkt     → a 64×64 favicon with the initials "PD"
 */

/** Ids the route accepts: lower-case letters, digits and dashes, as the seed writes them. */
export const PLACEHOLDER_ID = /^[a-z0-9][a-z0-9-]{0,119}$/;

/** FNV-1a: a small, stable hash so that each id gets its own colours and shape. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function placeholderSvg(id: string): string {
  if (!PLACEHOLDER_ID.test(id)) throw new RangeError(`not a placeholder id: ${id}`);
  return id.startsWith('shop-') ? faviconSvg(id) : productSvg(id);
}

function faviconSvg(id: string): string {
  const h = hash(id);
  const hue = h % 360;
  const words = id.slice('shop-'.length).split('-').filter(Boolean);
  const initials = escapeXml(((words[0]?.[0] ?? '') + (words[1]?.[0] ?? words[0]?.[1] ?? '')).toUpperCase());
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">',
    `<rect width="64" height="64" rx="14" fill="hsl(${hue} 55% 42%)"/>`,
    `<text x="32" y="41" text-anchor="middle" font-family="system-ui, sans-serif" font-size="26" font-weight="700" fill="#fff">${initials}</text>`,
    '</svg>',
  ].join('');
}

function productSvg(id: string): string {
  const h = hash(id);
  const hue = h % 360;
  const accent = (hue + 40 + ((h >>> 9) % 80)) % 360;
  // The caption: the product kind, i.e. the id's words before its first code (digits or a short code).
  const words = id.split('-');
  const kind = words
    .slice(
      0,
      Math.max(
        1,
        words.findIndex((word) => /\d/.test(word)),
      ),
    )
    .join(' ');
  const caption = escapeXml(kind.charAt(0).toUpperCase() + kind.slice(1));
  const view = Number(words[words.length - 1]) || 1;
  const shape = (h >>> 3) % 3;
  const body =
    shape === 0
      ? `<rect x="220" y="190" width="360" height="360" rx="48" fill="hsl(${accent} 45% 45%)"/>`
      : shape === 1
        ? `<circle cx="400" cy="370" r="190" fill="hsl(${accent} 45% 45%)"/>`
        : `<rect x="170" y="250" width="460" height="240" rx="36" fill="hsl(${accent} 45% 45%)"/>`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 94%)"/><stop offset="1" stop-color="hsl(${hue} 45% 82%)"/></linearGradient></defs>`,
    '<rect width="800" height="800" fill="url(#g)"/>',
    `<g transform="rotate(${(view - 1) * 12} 400 370)">${body}<rect x="330" y="330" width="140" height="80" rx="16" fill="hsl(${hue} 60% 94%)" opacity="0.85"/></g>`,
    `<text x="400" y="680" text-anchor="middle" font-family="system-ui, sans-serif" font-size="44" fill="hsl(${hue} 35% 25%)">${caption}</text>`,
    '</svg>',
  ].join('');
}
