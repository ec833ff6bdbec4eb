// Request bodies are refused before anything reads them (issue 43: a 12 MB JSON body was read and
// parsed before the 400): a declared length above the limit answers 413 at once and the connection
// is closed rather than drained; a body of unknown length (chunked) answers 411, so every body that
// passes has a length Node's parser holds it to. The routes read bodies through their own, smaller
// limits (web/app/api/http/request-body.server.ts), which refuse with 413 while streaming.
'use strict';
const SAFE = new Set(['GET', 'HEAD']);

function refuse(response, status, message) {
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'close',
  });
  response.end(JSON.stringify({ message, error: message }));
}

/** `maxBytes`: the largest body any route of the site takes. */
function bodyLimit({ maxBytes }) {
  return function limitBody(request, response, next) {
    const declared = request.headers['content-length'];
    if (declared === undefined) {
      if (request.headers['transfer-encoding'] && !SAFE.has(request.method))
        return refuse(response, 411, 'a request body needs a Content-Length');
      return next();
    }
    if (Number(declared) > maxBytes) return refuse(response, 413, `the request body may be at most ${maxBytes} bytes`);
    next();
  };
}

module.exports = { bodyLimit };
