// Checks that two sites render the same pages: the HTML of each URL path fetched from both,
// uncached, compared after taking out what differs per response or per site process: the CSP
// nonce, the site's own origin, and instants to the millisecond (the price history's "until now",
// an offer seen again by the crawler between the two fetches).
const volatile = [
  [/nonce="[^"]*"/g, 'nonce=""'],
  [/http:\/\/127\.0\.0\.1:\d+/g, 'ORIGIN'],
  [/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, 'INSTANT'],
];

const normalise = (html) => volatile.reduce((text, [pattern, by]) => text.replace(pattern, by), html);

const page = async (url) => normalise(await (await fetch(url, { headers: { 'cache-control': 'no-cache' } })).text());

/** Where two texts first differ, with some context. */
function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  return `…${a.slice(Math.max(0, i - 60), i + 60)}… vs …${b.slice(Math.max(0, i - 60), i + 60)}…`;
}

/** Paths whose pages differ between the two sites, with the first difference of each. */
export async function differentPages(siteA, siteB, paths) {
  const different = [];
  for (const path of paths) {
    const [a, b] = await Promise.all([page(`${siteA}${path}`), page(`${siteB}${path}`)]);
    if (a !== b) different.push({ path, difference: firstDifference(a, b) });
  }
  return different;
}
