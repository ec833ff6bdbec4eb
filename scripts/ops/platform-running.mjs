// Whether a local platform runs on a DATA_DIR: `npm start` writes no pid file, but every service
// that consumes events holds a membership in the event log that it renews every half second
// (with its pid), and the platform listens on its ports.
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import Database from 'better-sqlite3';
import { localPath } from './data-dir-inventory.mjs';
import { EVENT_LOG_PATH } from './sqlite-snapshots.mjs';

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Processes with an unexpired consumer-group membership in DATA_DIR's event log. */
function liveLogMembers(dataDir) {
  const file = localPath(dataDir, EVENT_LOG_PATH);
  if (!existsSync(file)) return [];
  const db = new Database(file, { fileMustExist: true, timeout: 5_000 });
  try {
    const hasTable = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'group_members'").get();
    if (!hasTable) return [];
    const rows = db
      .prepare('SELECT DISTINCT group_id AS "group", pid FROM group_members WHERE expires_at > ?')
      .all(Date.now());
    return rows.filter((row) => processAlive(row.pid));
  } finally {
    db.close();
  }
}

function listening(host, port, timeoutMs = 300) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Why the platform looks running on `dataDir` with `layout` (scripts/platform/services.mjs's
 * platformLayout): one line per sign; empty when none.
 */
export async function runningSigns(dataDir, layout) {
  const signs = liveLogMembers(dataDir).map(
    (member) => `process ${member.pid} consumes events of ${dataDir} (consumer group ${member.group})`,
  );
  const ports = [
    ...layout.services.map((service) => ({ what: `${service.name}'s gRPC port`, port: service.grpcPort })),
    { what: "the site's port", port: layout.webPort },
  ];
  const answers = await Promise.all(ports.map(({ port }) => listening(layout.host, port)));
  ports.forEach(({ what, port }, i) => {
    if (answers[i]) signs.push(`${layout.host}:${port} (${what}) accepts connections`);
  });
  return signs;
}
