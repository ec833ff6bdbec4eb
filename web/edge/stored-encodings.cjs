// The micro-cache's pages in the encodings browsers accept, compressed once per stored page.
// Served through the compression middleware, a stored product page (about 90 KB) was compressed
// again on every hit: 5–6 ms of the site's CPU each, most of what a hit cost (ADR 085). CommonJS,
// beside the micro-cache that uses it.
'use strict';
const zlib = require('node:zlib');
const Negotiator = require('negotiator');

/** In the order the site prefers them, as the compression middleware does. */
const ENCODINGS = ['br', 'gzip'];
/** What a hit may be sent as: one of those, or the body as it is. */
const OFFERED = [...ENCODINGS, 'identity'];
/** Below this, compressing gains less than it costs (the compression middleware's threshold). */
const MIN_BYTES = 1024;

const compressors = {
  // Compressed once per stored page rather than once per answer: a quality above the middleware's
  // 4 (about 9 % smaller for a product page) is worth its extra millisecond.
  br: (body) =>
    zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => zlib.gzipSync(body, { level: 6 }),
};

/** The encoding to send a stored body in to this request ('br' or 'gzip'), or null: as it is. */
function encodingFor(request, body) {
  if (body.length < MIN_BYTES) return null;
  const encoding = new Negotiator(request).encoding(OFFERED, ENCODINGS);
  return ENCODINGS.includes(encoding) ? encoding : null;
}

/** A stored entry's body in `encoding`, compressed on first use and kept with the entry. */
function encodedBody(entry, encoding) {
  entry.encoded ??= {};
  entry.encoded[encoding] ??= compressors[encoding](entry.body);
  return entry.encoded[encoding];
}

module.exports = { encodingFor, encodedBody };
