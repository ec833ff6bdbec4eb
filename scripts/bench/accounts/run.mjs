// bench:accounts — sign-in with the chosen password KDF (argon2id) and price-alert evaluation
// with 1,000,000 active alerts (issue 6). Prints numbers; never a timed test.
//   npm run bench:accounts                 both parts
//   npm run bench:accounts -- login        only sign-in
//   npm run bench:accounts -- alerts [N]   only alert evaluation (N alerts, default 1,000,000)
import { cpus, loadavg } from 'node:os';
import { loginBench } from './login.mjs';
import { alertBench } from './alerts.mjs';

const [part, size] = process.argv.slice(3);
process.stdout.write(
  `bench:accounts on ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, load ${loadavg()[0].toFixed(1)}\n`,
);
if (!part || part === 'login') await loginBench();
if (!part || part === 'alerts') await alertBench(Number(size ?? 1_000_000));
