// node ping.cjs <uri> [waitSeconds]: exit 0 once the server at <uri> answers `ping`, 1 if it
// did not within waitSeconds (default 0: one attempt). Uses the MongoDB driver that mongoose
// bundles, so the check speaks the same protocol the adapter does; one process polls rather than
// one node start per attempt.
'use strict';
const { join } = require('node:path');

const repo = join(__dirname, '..', '..', '..');
const mongoose = require(require.resolve('mongoose', { paths: [join(repo, 'services', 'kit'), repo] }));
const { MongoClient } = mongoose.mongo;

const uri = process.argv[2];
const waitMs = Number(process.argv[3] ?? 0) * 1000;
if (!uri) {
  process.stderr.write('usage: node ping.cjs <uri> [waitSeconds]\n');
  process.exit(2);
}

async function pingOnce() {
  const client = new MongoClient(uri, {
    serverSelectionTimeoutMS: 1000,
    connectTimeoutMS: 1000,
    directConnection: true,
  });
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
}

(async () => {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (await pingOnce()) process.exit(0);
    if (Date.now() >= deadline) process.exit(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
})();
