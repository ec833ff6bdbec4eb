// Preloaded into bench:crawler's CheerioCrawler process (node --require): names the demo shops
// `shop-<index>.demo` and resolves those names to their loopback addresses, so crawlee's
// politeness — kept per registrable domain (tldts), which an IP address does not have — applies
// per shop. Stands in for DNS at the boundary only; every other name resolves as usual.
const dns = require('node:dns');

const network = process.env.BENCH_DEMO_NETWORK ?? '127.20';
const addressOf = (hostname) => {
  const match = /^shop-(\d+)\.demo$/i.exec(hostname);
  if (!match) return null;
  const index = Number(match[1]);
  return `${network}.${Math.floor(index / 250)}.${1 + (index % 250)}`;
};

const lookup = dns.lookup;
dns.lookup = function namedLookup(hostname, options, callback) {
  const address = addressOf(hostname);
  if (address === null) return lookup.call(this, hostname, options, callback);
  const done = typeof options === 'function' ? options : callback;
  const all = typeof options === 'object' && options?.all;
  process.nextTick(() => (all ? done(null, [{ address, family: 4 }]) : done(null, address, 4)));
};
const promisesLookup = dns.promises.lookup;
dns.promises.lookup = async (hostname, options) => {
  const address = addressOf(hostname);
  if (address === null) return promisesLookup(hostname, options);
  return options?.all ? [{ address, family: 4 }] : { address, family: 4 };
};
