// A response's writes and flushes, joined to at most one of each per turn of the event loop.
//
// Remix's Node adapter writes each piece React renders (about 2 KB) and flushes after every one.
// Behind the compression middleware every write is a job of its own on the thread pool, and every
// flush ends a brotli block. A product page is some forty pieces: written and flushed one by one
// it cost the site a quarter of its CPU for the page. Here the pieces written in one turn are
// held and written as one chunk when the turn ends, and then flushed once if a flush was asked
// for (ADR 086, 089): a page rendered in one go is compressed in one job and one block, and a
// part written later (data that arrives after the shell) still leaves as soon as its turn ends.
'use strict';

/** Held beyond this, a turn's writes go out at once: a large body written in one go is not kept. */
const MAX_HELD_BYTES = 256 * 1024;

const isBytes = (chunk) => chunk instanceof Uint8Array;
/** A Buffer over the same memory (bytes) or the text encoded: what the compressor takes as is. */
const bufferOf = (chunk, encoding) =>
  typeof chunk === 'string'
    ? Buffer.from(chunk, encoding ?? 'utf8')
    : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

function oneWritePerTurn(request, response, next) {
  // The compression middleware, mounted before this, has already put its write, end and flush.
  const writeNow = response.write;
  const endNow = response.end;
  const flushNow = typeof response.flush === 'function' ? response.flush : null;
  let held = [];
  let heldBytes = 0;
  let heldCallbacks = [];
  let flushAsked = false;
  let turnEndScheduled = false;
  // What the last real write said: a writer told "wait for drain" is told so until the drain.
  let writable = true;

  const hold = (chunk, encoding, callback) => {
    const bytes = bufferOf(chunk, encoding);
    held.push(bytes);
    heldBytes += bytes.length;
    if (typeof callback === 'function') heldCallbacks.push(callback);
  };

  /** What is held, as one chunk and one callback for all the writes' callbacks. */
  const takeHeld = () => {
    const chunk = held.length === 1 ? held[0] : Buffer.concat(held, heldBytes);
    const callbacks = heldCallbacks;
    held = [];
    heldBytes = 0;
    heldCallbacks = [];
    const callback =
      callbacks.length === 0
        ? undefined
        : (error) => {
            for (const each of callbacks) each(error);
          };
    return { chunk, callback };
  };

  const writeHeld = () => {
    if (held.length === 0) return writable;
    const { chunk, callback } = takeHeld();
    const wasWritable = writable;
    writable = writeNow.call(response, chunk, callback);
    // One listener per wait, however many writes a writer that ignores "wait" makes meanwhile.
    if (wasWritable && !writable) response.once('drain', () => (writable = true));
    return writable;
  };

  const atTurnEnd = () => {
    turnEndScheduled = false;
    // Ended: `end` wrote what was held. Destroyed: nobody is left to read it.
    if (response.writableEnded || response.destroyed) return;
    writeHeld();
    if (flushAsked && flushNow) flushNow.call(response);
    flushAsked = false;
  };

  const scheduleTurnEnd = () => {
    if (turnEndScheduled) return;
    turnEndScheduled = true;
    setImmediate(atTurnEnd);
  };

  response.write = function writeAtTurnEnd(chunk, encoding, callback) {
    if (typeof encoding === 'function') return writeAtTurnEnd(chunk, undefined, encoding);
    // Anything but text or bytes, or a write after the end, is Node's to refuse as it always did.
    if ((typeof chunk !== 'string' && !isBytes(chunk)) || response.writableEnded || response.destroyed) {
      writeHeld();
      return writeNow.call(response, chunk, encoding, callback);
    }
    hold(chunk, encoding, callback);
    if (heldBytes >= MAX_HELD_BYTES) return writeHeld();
    scheduleTurnEnd();
    return writable;
  };

  response.end = function endWithHeld(chunk, encoding, callback) {
    if (typeof chunk === 'function') return endWithHeld(undefined, undefined, chunk);
    if (typeof encoding === 'function') return endWithHeld(chunk, undefined, encoding);
    if (held.length === 0 || response.writableEnded || response.destroyed)
      return endNow.call(response, chunk, encoding, callback);
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'string' && !isBytes(chunk)) {
      writeHeld();
      return endNow.call(response, chunk, encoding, callback);
    }
    if (chunk !== undefined && chunk !== null) hold(chunk, encoding);
    if (typeof callback === 'function') heldCallbacks.push(callback);
    // The whole body in one call: the compressor compresses it in one job, or, when it is small,
    // leaves it as it is (the middleware's threshold, which a streamed body never met).
    const last = takeHeld();
    return endNow.call(response, last.chunk, last.callback);
  };

  if (flushNow)
    response.flush = function flushAtTurnEnd() {
      flushAsked = true;
      scheduleTurnEnd();
    };
  next();
}

module.exports = { oneWritePerTurn };
