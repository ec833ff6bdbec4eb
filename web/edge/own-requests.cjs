// The site process's requests to itself — the micro-cache's refreshes, the warm-up's renders (ADR
// 096): on a loopback connection, under a header of their own carrying a token the process makes
// at start, so that no client can pass for one (no rate limit, a render past the stored copy, no
// advertisement impression), not even one whose requests reach the site from loopback (a proxy in
// the same pod). A process sends them only to its own ports. CommonJS, like the rest of the edge.
'use strict';
const { randomUUID } = require('node:crypto');

const OWN_TOKEN = randomUUID();
const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/** Whether `request` is this process's own, sent under `header`. */
const isOwnRequest = (request, header) =>
  request.headers[header] === OWN_TOKEN && LOOPBACK.includes(request.socket?.remoteAddress);

module.exports = { OWN_TOKEN, isOwnRequest };
