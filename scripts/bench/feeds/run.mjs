// `npm run bench:feeds [-- --rows N --xml-mb M]`: product-feed parsing in bounded memory (the
// @pc/product-feeds package): a generated 1,000,000-row CSV and a 200 MB Google Merchant XML,
// rows/s and resident-memory growth, with the machine gauge before and after (docs/benchmarks.md).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gaugeMachine } from '../machine-gauge.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const require = createRequire(import.meta.url);
const { runFeedsBench } = require(join(root, 'services', 'lib', 'product-feeds', 'dist', 'bench', 'feeds-bench.js'));

const args = process.argv.slice(3);
process.stdout.write(`machine gauge before: ${gaugeMachine().toFixed(0)} ms\n`);
const ok = await runFeedsBench(args);
process.stdout.write(`machine gauge after: ${gaugeMachine().toFixed(0)} ms\n`);
process.exitCode = ok ? 0 : 1;
