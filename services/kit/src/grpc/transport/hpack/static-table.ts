/** HPACK's static table (RFC 7541 Appendix A): index i + 1 is STATIC_TABLE[i]. */
// prettier-ignore
export const STATIC_TABLE: readonly (readonly [string, string])[] = [
  [':authority', ''], [':method', 'GET'], [':method', 'POST'], [':path', '/'], [':path', '/index.html'],
  [':scheme', 'http'], [':scheme', 'https'], [':status', '200'], [':status', '204'], [':status', '206'],
  [':status', '304'], [':status', '400'], [':status', '404'], [':status', '500'], ['accept-charset', ''],
  ['accept-encoding', 'gzip, deflate'], ['accept-language', ''], ['accept-ranges', ''], ['accept', ''],
  ['access-control-allow-origin', ''], ['age', ''], ['allow', ''], ['authorization', ''], ['cache-control', ''],
  ['content-disposition', ''], ['content-encoding', ''], ['content-language', ''], ['content-length', ''],
  ['content-location', ''], ['content-range', ''], ['content-type', ''], ['cookie', ''], ['date', ''], ['etag', ''],
  ['expect', ''], ['expires', ''], ['from', ''], ['host', ''], ['if-match', ''], ['if-modified-since', ''],
  ['if-none-match', ''], ['if-range', ''], ['if-unmodified-since', ''], ['last-modified', ''], ['link', ''],
  ['location', ''], ['max-forwards', ''], ['proxy-authenticate', ''], ['proxy-authorization', ''], ['range', ''],
  ['referer', ''], ['refresh', ''], ['retry-after', ''], ['server', ''], ['set-cookie', ''],
  ['strict-transport-security', ''], ['transfer-encoding', ''], ['user-agent', ''], ['vary', ''], ['via', ''],
  ['www-authenticate', ''],
];

/** Index of the first static entry with this name (for "literal with indexed name"). */
export const STATIC_NAME_INDEX: ReadonlyMap<string, number> = new Map(
  [...STATIC_TABLE.entries()].reverse().map(([i, [name]]) => [name, i + 1]),
);

/** Index of a static entry with exactly this name and value. */
export const STATIC_FIELD_INDEX: ReadonlyMap<string, ReadonlyMap<string, number>> = (() => {
  const byName = new Map<string, Map<string, number>>();
  STATIC_TABLE.forEach(([name, value], i) => {
    if (value === '') return;
    if (!byName.has(name)) byName.set(name, new Map());
    byName.get(name)?.set(value, i + 1);
  });
  return byName;
})();
