import { rmSync } from 'node:fs';
import { isAlive, startPlatform } from './platform-process';

/**
 * The launcher of `npm start` killed outright (kill -9, a closed terminal, an OOM kill) cannot
 * stop its children: each process must notice it is gone and stop by itself, leaving no orphan.
 */
describe('npm start, launcher killed', () => {
  it('leaves no process behind', async () => {
    const platform = await startPlatform(2);
    const pids = platform.childPids();
    // Eight services, the site and the admin app.
    expect(pids).toHaveLength(10);
    platform.process.kill('SIGKILL');
    const deadline = Date.now() + 20_000;
    while (pids.some(isAlive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pids.filter(isAlive)).toEqual([]);
    // The launcher's own clean-up ran while its children still wrote; they are gone now.
    rmSync(platform.dataDir, { recursive: true, force: true });
  }, 120_000);
});
