// Request bodies are refused before anything reads them (issue 43: a 12 MB JSON body was read and
// parsed before the 400): a declared length above the limit answers 413 at once; a body of
// unknown length (chunked) answers 411, so every body that passes has a length Node's parser holds
// it to. The routes read bodies through their own, smaller limits
// (web/app/api/http/request-body.server.ts), which refuse with 413 while streaming.
//
// After the answer the rest of the body is discarded unparsed for at most `lingerMs` (a lingering
// close, as nginx does): closing a socket with unread bytes makes the kernel send a reset, and a
// client still uploading then loses the 413 it had not read yet and sees only "connection reset".
// A body that has not arrived by then has its connection closed.
'use strict';
const SAFE = new Set(['GET', 'HEAD']);
const DEFAULT_LINGER_MS = 5_000;

function refuse(request, response, status, message, lingerMs) {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify({ message, error: message }));
  const socket = request.socket;
  const giveUp = setTimeout(() => socket.destroy(), lingerMs);
  giveUp.unref();
  const stop = () => clearTimeout(giveUp);
  request.once('end', stop);
  socket.once('close', stop);
}

/** `maxBytes`: the largest body any route of the site takes; `lingerMs`: how long a refused body is discarded. */
function bodyLimit({ maxBytes, lingerMs = DEFAULT_LINGER_MS }) {
  return function limitBody(request, response, next) {
    const declared = request.headers['content-length'];
    if (declared === undefined) {
      if (request.headers['transfer-encoding'] && !SAFE.has(request.method))
        return refuse(request, response, 411, 'a request body needs a Content-Length', lingerMs);
      return next();
    }
    if (Number(declared) > maxBytes)
      return refuse(request, response, 413, `the request body may be at most ${maxBytes} bytes`, lingerMs);
    next();
  };
}

module.exports = { bodyLimit };
