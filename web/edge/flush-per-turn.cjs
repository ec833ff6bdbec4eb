// A response's flushes, at most one per turn of the event loop.
//
// Remix's Node adapter writes each piece React renders (about 2 KB) and flushes after every one.
// Behind the compression middleware a flush ends a brotli block: some forty per product page,
// a quarter of the site's CPU for the page, and a larger body. Asked for again within one turn,
// the flush is done once, after the pieces written in that turn (ADR 086): a page rendered in one
// go is compressed in one block, and a part written later (data that arrives after the shell)
// still leaves as soon as its turn ends.
'use strict';

function flushPerTurn(request, response, next) {
  // The compression middleware, mounted before this, gives every response its flush.
  const flushNow = response.flush;
  if (typeof flushNow !== 'function') return next();
  let scheduled = false;
  const flushPending = () => {
    scheduled = false;
    // An ended response has nothing left to flush: ending finishes the compressor with all written.
    if (!response.writableEnded && !response.destroyed) flushNow.call(response);
  };
  response.flush = function flushOncePerTurn() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flushPending);
  };
  next();
}

module.exports = { flushPerTurn };
