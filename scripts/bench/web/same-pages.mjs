// Checks that two sites render the same pages: the HTML of each URL path fetched from both,
// uncached, compared after taking out what differs per response (the CSRF token, nonces).
const volatile = [/(name="csrf"[^>]*value=")[^"]*/g, /(nonce=")[^"]*/g, /("csrf":")[^"]*/g, /(XSRF-TOKEN=)[^;"]*/g];

const normalise = (html) => volatile.reduce((text, pattern) => text.replace(pattern, '$1…'), html);

const page = async (url) => normalise(await (await fetch(url, { headers: { 'cache-control': 'no-cache' } })).text());

/** Paths whose pages differ between the two sites (empty: every page is the same). */
export async function differentPages(siteA, siteB, paths) {
  const different = [];
  for (const path of paths) {
    const [a, b] = await Promise.all([page(`${siteA}${path}`), page(`${siteB}${path}`)]);
    if (a !== b) different.push(path);
  }
  return different;
}
