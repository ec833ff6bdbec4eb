// The one list of services (services/services.json), for every script that needs it: the
// launcher, the end-to-end tests, the benchmarks and the generator of the places that cannot read
// it themselves (scripts/platform/service-list-places.cjs). CommonJS, so the .mjs scripts and the
// TypeScript run by jest can both load it.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const LIST_PATH = join(__dirname, '..', '..', 'services', 'services.json');

/** @typedef {{ name: string, group: string }} ServiceEntry */

/** Names no service can take: the site, the kit, and the folders of the library packages. */
const RESERVED_NAMES = ['web', 'kit', 'lib', 'engines'];

/** @returns {ServiceEntry[]} the services in port order, checked for shape. */
function readServiceList(path = LIST_PATH) {
  const { services } = JSON.parse(readFileSync(path, 'utf8'));
  if (!Array.isArray(services) || services.length === 0)
    throw new Error(`${path}: "services" must be a non-empty array`);
  const seen = new Set();
  for (const entry of services) {
    if (!entry || !/^[a-z][a-z0-9-]*$/.test(entry.name))
      throw new Error(
        `${path}: a service name must be lower-case letters, digits and dashes: ${JSON.stringify(entry)}`,
      );
    if (typeof entry.group !== 'string' || !/^[a-z][a-z0-9-]*$/.test(entry.group))
      throw new Error(`${path}: service ${entry.name} needs a "group" (its Tilt label)`);
    if (RESERVED_NAMES.includes(entry.name))
      throw new Error(
        `${path}: "${entry.name}" is not a service name (web and the kit are no gRPC services; services/lib and services/engines hold library packages)`,
      );
    if (seen.has(entry.name)) throw new Error(`${path}: service ${entry.name} is listed twice`);
    seen.add(entry.name);
  }
  return services.map(({ name, group }) => ({ name, group }));
}

const SERVICE_ENTRIES = readServiceList();
/** Service names in port order. */
const SERVICES = SERVICE_ENTRIES.map((entry) => entry.name);

/** `CATALOG_GRPC_ADDR` for `catalog` (dashes become underscores): where a peer finds the service. */
function grpcAddressVariable(name) {
  return `${name.toUpperCase().replace(/-/g, '_')}_GRPC_ADDR`;
}

module.exports = { LIST_PATH, readServiceList, SERVICE_ENTRIES, SERVICES, grpcAddressVariable };
