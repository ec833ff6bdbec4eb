// Methods the site answers. Node's parser accepts many more (TRACE, PROPFIND, …), which Remix
// cannot turn into a Request (it answered 500): they get 405 before anything else runs.
'use strict';
const ALLOWED = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

function knownMethods(request, response, next) {
  if (ALLOWED.includes(request.method)) return next();
  response.writeHead(405, {
    Allow: ALLOWED.join(', '),
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end('Method not allowed');
}

module.exports = { knownMethods, ALLOWED_METHODS: ALLOWED };
