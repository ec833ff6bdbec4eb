/** A name and value to put on a click-out's URL. */
export interface UrlParameter {
  readonly name: string;
  readonly value: string;
}

/**
 * The URL a click-out redirects to: the stored target (an offer's, promotion's or ad's; never a
 * URL from the request) with the shop's URL parameters and then our tracking parameters
 * appended. A parameter the URL already carries is never overwritten (the shop's own link wins,
 * then the shop's parameters over ours); `{click_id}` in a value becomes the click's id.
 * Returns null unless the stored target is an absolute http(s) URL.
 */
export function targetUrl(
  stored: string,
  parameters: readonly (readonly UrlParameter[])[],
  clickId: string,
): string | null {
  let url: URL;
  try {
    url = new URL(stored);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const present = new Set(url.searchParams.keys());
  const added: string[] = [];
  for (const group of parameters) {
    for (const { name, value } of group) {
      if (!name || present.has(name)) continue;
      present.add(name);
      added.push(`${encodeURIComponent(name)}=${encodeURIComponent(value.replaceAll('{click_id}', clickId))}`);
    }
  }
  // Appended as text: rewriting the query through URLSearchParams would re-encode the shop's own.
  if (added.length > 0) url.search = url.search ? `${url.search}&${added.join('&')}` : `?${added.join('&')}`;
  return url.toString();
}
