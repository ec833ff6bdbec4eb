// The connections an open-loop load sends its requests on, spread as a crowd of visitors spreads
// them: a fixed set of keep-alive connections, each request on the next free one in turn (as k6's
// arrival-rate executor hands each iteration to the next free virtual user). undici's own pool
// sends each request on the first free connection, so a light load (100 pages/s answered in
// 7 ms) runs almost wholly on one connection, and so on one site process: the site's primary
// hands connections, not requests, to its processes (ADR 092), and one process then renders nearly
// every page while the other idles, which no crowd of visitors makes it do (ADR 100).
const { Client } = require('undici');

/** `count` connections at most per origin, opened as they are first used. */
function visitorConnections(count, { keepAliveTimeout = 30_000 } = {}) {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be a positive integer, got ${count}`);
  const origins = new Map();

  const ringOf = (origin) => {
    let ring = origins.get(origin);
    if (!ring) {
      ring = { clients: [], busy: [], next: 0 };
      origins.set(origin, ring);
    }
    return ring;
  };

  return {
    /**
     * The connection for a request to `url`: a new one while fewer than `count` are open (a
     * crowd's first visits each open one), then the next free one after the last taken, else the
     * next in turn (the request queues there). Call `done` once the answer is read.
     */
    take(url) {
      const origin = new URL(url).origin;
      const ring = ringOf(origin);
      const open = ring.clients.length;
      let slot = -1;
      if (open < count) {
        ring.clients.push(new Client(origin, { pipelining: 1, keepAliveTimeout }));
        ring.busy.push(0);
        slot = open;
      } else {
        for (let k = 0; k < open && slot === -1; k += 1) {
          const candidate = (ring.next + k) % open;
          if (ring.busy[candidate] === 0) slot = candidate;
        }
        if (slot === -1) slot = ring.next % open;
      }
      ring.next = slot + 1;
      ring.busy[slot] += 1;
      let released = false;
      return {
        dispatcher: ring.clients[slot],
        done() {
          if (released) return;
          released = true;
          ring.busy[slot] -= 1;
        },
      };
    },
    /** The connections opened so far for `origin`. */
    opened(origin) {
      return origins.get(origin)?.clients.length ?? 0;
    },
    async close() {
      await Promise.all([...origins.values()].flatMap((ring) => ring.clients.map((client) => client.close())));
      origins.clear();
    },
  };
}

module.exports = { visitorConnections };
