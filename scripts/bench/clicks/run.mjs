// bench:clicks — the click-out redirect, the fold of ClickRecorded and the click statistics
// (issue 41). Prints numbers beside their baseline; never a timed test.
//   npm run bench:clicks                    all parts (fold at 10,000,000 events)
//   npm run bench:clicks -- redirect [S]    only the redirect, S seconds per step (default 10)
//   npm run bench:clicks -- redirect S affiliates   only affiliates' own endpoint (for profiles:
//                                           SERVICE_NODE_ARGS='--cpu-prof --cpu-prof-dir=DIR')
//   npm run bench:clicks -- fold [N]        only the fold and the statistics, N events
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { gaugeMachine } from '../machine-gauge.mjs';
import { foldStatsBench } from './fold-stats.mjs';
import { redirectBench } from './redirect.mjs';

const root = join(import.meta.dirname, '..', '..', '..');
const [part, size, only = ''] = process.argv.slice(3);
const gauge = () => `machine gauge ${gaugeMachine().toFixed(0)} ms, load ${loadavg()[0].toFixed(1)}`;
process.stdout.write(
  `bench:clicks on ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}; ${gauge()}\n`,
);
if (!part || part === 'redirect')
  await redirectBench(root, { seconds: Number(part === 'redirect' && size ? size : 10), only });
if (!part || part === 'fold') await foldStatsBench(Number(part === 'fold' && size ? size : 10_000_000));
process.stdout.write(`\n${gauge()}\n`);
