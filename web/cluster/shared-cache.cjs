// The site's Cache port (rate-limit windows) shared by its processes under `npm start`: the
// in-process cache lives in the primary and each site process asks it over the cluster's IPC
// channel, so a visitor gets the limits once, not once per process — as every replica shares Redis
// in the cluster profile. Errors come back as the port's own (an InvalidArgumentError stays one).
// CommonJS, like the rest of the edge.
'use strict';
const { InvalidArgumentError } = require('@pc/kit/errors/domain-errors');

const CALL = 'site-cache:call';
const ANSWER = 'site-cache:answer';
/** The Cache port's methods a site process may call; close() is the primary's own. */
const METHODS = new Set(['get', 'set', 'delete', 'increment', 'hit', 'scanKeys', 'deleteByPrefix', 'isReady']);

/**
 * Serves `cache` to a site process over `channel` (a cluster Worker or a ChildProcess: `send`
 * and 'message'). Returns `stop()`.
 */
function serveSharedCache(cache, channel) {
  async function onMessage(message) {
    if (message?.type !== CALL) return;
    const { id, method, args } = message;
    try {
      if (!METHODS.has(method)) throw new Error(`the shared cache has no method ${String(method)}`);
      const value = await cache[method](...args);
      send({ type: ANSWER, id, value });
    } catch (error) {
      send({
        type: ANSWER,
        id,
        error: { name: error?.name, message: String(error?.message ?? error), violations: error?.violations },
      });
    }
  }
  // A process that went away cannot be answered; its pending calls died with it.
  const send = (message) => {
    if (channel.connected !== false) channel.send(message, undefined, undefined, () => {});
  };
  channel.on('message', onMessage);
  return { stop: () => channel.off('message', onMessage) };
}

/** The caller's error, as the port throws it. */
function errorOf({ name, message, violations }) {
  if (name === 'InvalidArgumentError' && Array.isArray(violations)) return new InvalidArgumentError(violations);
  const error = new Error(message);
  if (name) error.name = name;
  return error;
}

/**
 * A Cache port whose every call is answered by the primary's cache over `channel` (the site
 * process's `process`). A call not answered within `timeoutMs` fails (the rate limits then let the
 * request pass, as when Redis is down).
 */
function sharedCacheClient(channel, { timeoutMs = 2_000 } = {}) {
  const pending = new Map();
  let next = 0;
  function onMessage(message) {
    if (message?.type !== ANSWER) return;
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    clearTimeout(call.timer);
    if (message.error) call.reject(errorOf(message.error));
    else call.resolve(message.value);
  }
  channel.on('message', onMessage);
  const call = (method, ...args) =>
    new Promise((resolve, reject) => {
      if (channel.connected === false) return reject(new Error('the shared cache is gone (no primary)'));
      next += 1;
      const id = next;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`the shared cache did not answer ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      timer.unref?.();
      pending.set(id, { resolve, reject, timer });
      // The channel uses the 'advanced' serialization: an argument left out stays undefined.
      channel.send({ type: CALL, id, method, args });
    });
  return {
    get: (key) => call('get', key),
    set: (key, value, ttlMs) => call('set', key, value, ttlMs),
    delete: (key) => call('delete', key),
    increment: (key, options) => call('increment', key, options),
    hit: (key, limit, windowMs) => call('hit', key, limit, windowMs),
    scanKeys: (prefix, options) => call('scanKeys', prefix, options),
    deleteByPrefix: (prefix, options) => call('deleteByPrefix', prefix, options),
    isReady: () => call('isReady'),
    /** Stops listening; the cache itself is the primary's to close. */
    close: async () => {
      channel.off('message', onMessage);
      for (const { reject, timer } of pending.values()) {
        clearTimeout(timer);
        reject(new Error('the shared cache client was closed'));
      }
      pending.clear();
    },
  };
}

module.exports = { serveSharedCache, sharedCacheClient };
