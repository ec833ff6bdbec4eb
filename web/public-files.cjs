// The build's public files (web/public, copied to build/client: the service worker) served with
// `express.static`, which otherwise asks the file system about every request that reaches it: a
// stat per page and API call, all of which miss. The list is read once at start, as the build does
// not change under a running server. CommonJS, so that the unit tests load the same file the
// server does.
'use strict';
const { readdirSync } = require('node:fs');
const { relative, sep } = require('node:path');

/** URL paths (`/sw.js`) of the files under `dir`, `skip` (sub-directories served on their own) left out. */
function listPublicFiles(dir, skip = []) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map(
      (entry) =>
        `/${relative(dir, `${entry.parentPath ?? entry.path}${sep}${entry.name}`)
          .split(sep)
          .join('/')}`,
    )
    .filter((path) => !skip.some((prefix) => path.startsWith(`${prefix}/`)));
}

/** `serve` (a static middleware on `dir`) for the files `dir` held at start; every other request goes straight on. */
function publicFiles(dir, serve, skip = []) {
  const paths = new Set(listPublicFiles(dir, skip));
  return function servePublicFile(request, response, next) {
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      paths.has(decodedPath((request.url ?? '').split('?', 1)[0]))
    )
      return serve(request, response, next);
    next();
  };
}

/** The path as the file system names it; a malformed escape names no file. */
function decodedPath(path) {
  try {
    return decodeURIComponent(path);
  } catch {
    return '';
  }
}

module.exports = { publicFiles };
