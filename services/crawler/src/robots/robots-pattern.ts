/**
 * Path patterns of robots.txt rules (RFC 9309 §2.2.2–2.2.3). Strings here are byte strings: one
 * char per byte (latin1), so lengths are octets, as RFC 9309's "most octets" wants.
 */

const HEX = /^[0-9a-fA-F]{2}$/;

/**
 * Normalises a rule's path as the path of a URL is written: bytes outside US-ASCII are
 * percent-encoded, and existing %xx escapes get upper-case hex, so "/ツ" and "/%e3%83%84" compare
 * equal to a URL's "/%E3%83%84". Other characters stay as written (RFC 9309 §2.2.2).
 */
export function escapePattern(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const code = pattern.charCodeAt(i);
    if (code >= 0x80) out += `%${code.toString(16).toUpperCase().padStart(2, '0')}`;
    else if (pattern[i] === '%' && HEX.test(pattern.slice(i + 1, i + 3))) {
      out += `%${pattern.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
    } else out += pattern[i];
  }
  return out;
}

/**
 * Whether `pattern` matches the start of `path`: `*` stands for any run of characters, and `$`
 * at the very end anchors the pattern to the end of the path (elsewhere it is a literal `$`).
 * The set of positions the pattern can have reached in the path is carried along, so the cost
 * is bounded by pattern × path length, with no backtracking blow-up.
 */
export function patternMatches(path: string, pattern: string): boolean {
  let positions = [0];
  for (let p = 0; p < pattern.length; p += 1) {
    const char = pattern[p];
    if (char === '$' && p + 1 === pattern.length) return positions[positions.length - 1] === path.length;
    if (char === '*') {
      const first = positions[0]!;
      positions = Array.from({ length: path.length - first + 1 }, (_, i) => first + i);
      continue;
    }
    const next: number[] = [];
    for (const at of positions) if (at < path.length && path[at] === char) next.push(at + 1);
    if (next.length === 0) return false;
    positions = next;
  }
  return true;
}

/**
 * The path, parameters and query of a URL as robots.txt rules see it: everything after the
 * authority up to the fragment, "/" when empty. Works on the URL as given, without re-encoding it
 * (a caller passes a URL already percent-encoded, as the WHATWG parser leaves `URL.href`).
 */
export function robotsPathOf(url: string): string {
  const searchStart = url.startsWith('//') ? 2 : 0;
  const earlyPath = indexOfAny(url, '/?;', searchStart);
  let protocolEnd = url.indexOf('://', searchStart);
  if (earlyPath !== -1 && (protocolEnd === -1 || earlyPath < protocolEnd)) protocolEnd = -1;
  const authorityStart = protocolEnd === -1 ? searchStart : protocolEnd + 3;
  const pathStart = indexOfAny(url, '/?;', authorityStart);
  if (pathStart === -1) return '/';
  const hash = url.indexOf('#', searchStart);
  if (hash !== -1 && hash < pathStart) return '/';
  const path = url.slice(pathStart, hash === -1 ? url.length : hash);
  return path.startsWith('/') ? path : `/${path}`;
}

function indexOfAny(text: string, chars: string, from: number): number {
  for (let i = from; i < text.length; i += 1) if (chars.includes(text[i]!)) return i;
  return -1;
}
