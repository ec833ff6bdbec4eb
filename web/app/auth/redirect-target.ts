/** A base no request can name: a target that resolves against it to another origin leaves the site. */
const SITE = 'http://same-site.invalid';
/** Control characters (a tab or newline is dropped by browsers: "/\t/x" becomes "//x") and backslashes ("/\x" is "//x" to them). */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const REFUSED = /[\u0000-\u001f\u007f\\]/;

/** The target and its percent-decodings (up to three layers: "%255C" hides "%5C", which hides "\"); null if one does not decode. */
function decodings(target: string): string[] | null {
  const layers = [target];
  for (let i = 0; i < 3; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(layers[layers.length - 1] ?? '');
    } catch {
      return null;
    }
    if (next === layers[layers.length - 1]) break;
    layers.push(next);
  }
  return layers;
}

const isSitePath = (value: string): boolean => value.startsWith('/') && !value.startsWith('//') && !REFUSED.test(value);

/**
 * The one rule for every redirect whose target comes from a request (login's `redirect`, the
 * region switch's `back`, any `next`): a path on this site, else `fallback`. The target and each
 * of its decodings must start with one "/" and hold no control character or backslash; what is
 * returned is the path as a URL parser reads it (so the Location header is plain ASCII).
 */
export function sameSiteTarget(target: string | null | undefined, fallback: string): string {
  if (!target) return fallback;
  const layers = decodings(target);
  if (!layers || !layers.every(isSitePath)) return fallback;
  const url = new URL(target, SITE);
  if (url.origin !== SITE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
