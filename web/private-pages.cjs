// A page rendered for a signed-in visitor names them (the masthead, the serialised root data):
// whatever its route says about shared caching (ADR 013's `public … s-maxage`), no shared cache —
// a CDN in front of the site — may keep it. For a request carrying the session cookie, such a
// Cache-Control becomes `private, no-cache` as the headers go out. (The micro-cache already skips
// these requests.) CommonJS, so that the unit tests load the same file the server does.
'use strict';
const SESSION = /(?:^|;\s*)pc_session=[^;\s]/;

function privateForSessions(request, response, next) {
  if (!SESSION.test(request.headers.cookie ?? '')) return next();
  const writeHead = response.writeHead;
  response.writeHead = function privateWriteHead(...args) {
    const cacheControl = String(this.getHeader('cache-control') ?? '');
    if (/\bpublic\b|s-maxage/.test(cacheControl)) this.setHeader('Cache-Control', 'private, no-cache');
    return writeHead.apply(this, args);
  };
  next();
}

module.exports = { privateForSessions };
