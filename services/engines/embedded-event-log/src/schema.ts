import type Database from 'better-sqlite3';

/**
 * The tables of the event log. Every process of the local profile opens the same file, so the
 * schema is created inside a write transaction and versioned with `PRAGMA user_version`.
 */

export const SCHEMA_VERSION = 2;

const SCHEMA_V1 = `
  CREATE TABLE topics (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL UNIQUE,
    partitions  INTEGER NOT NULL CHECK (partitions > 0),
    created_at  INTEGER NOT NULL
  ) STRICT;

  -- The next offset of each partition: appends read and bump it, consumers poll it for news.
  CREATE TABLE partition_heads (
    topic_id     INTEGER NOT NULL REFERENCES topics (id),
    partition    INTEGER NOT NULL,
    next_offset  INTEGER NOT NULL,
    PRIMARY KEY (topic_id, partition)
  ) STRICT, WITHOUT ROWID;

  -- A rowid table, not WITHOUT ROWID: values can be large and would bloat a clustered key.
  CREATE TABLE records (
    topic_id     INTEGER NOT NULL,
    partition    INTEGER NOT NULL,
    log_offset   INTEGER NOT NULL,
    key          TEXT    NOT NULL,
    value        BLOB    NOT NULL,
    headers      TEXT    NOT NULL,
    appended_at  INTEGER NOT NULL,
    PRIMARY KEY (topic_id, partition, log_offset)
  ) STRICT;

  -- failed_attempts counts failed deliveries of the record at next_offset, so a partition that
  -- moves to another member or survives a restart keeps its retry count towards the DLQ.
  CREATE TABLE committed_offsets (
    group_id         TEXT    NOT NULL,
    topic_id         INTEGER NOT NULL,
    partition        INTEGER NOT NULL,
    next_offset      INTEGER NOT NULL,
    failed_attempts  INTEGER NOT NULL DEFAULT 0,
    committed_at     INTEGER NOT NULL,
    PRIMARY KEY (group_id, topic_id, partition)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE group_members (
    group_id    TEXT    NOT NULL,
    topic_id    INTEGER NOT NULL,
    member_id   TEXT    NOT NULL,
    pid         INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    PRIMARY KEY (group_id, topic_id, member_id)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE partition_leases (
    group_id    TEXT    NOT NULL,
    topic_id    INTEGER NOT NULL,
    partition   INTEGER NOT NULL,
    member_id   TEXT    NOT NULL,
    expires_at  INTEGER NOT NULL,
    PRIMARY KEY (group_id, topic_id, partition)
  ) STRICT, WITHOUT ROWID;

  CREATE INDEX partition_leases_by_member ON partition_leases (group_id, member_id);
`;

// Version 2: retention (log-retention.ts). One row per maintenance task says when it may run next, so
// that of the processes sharing the file only one prunes per interval.
const SCHEMA_V2 = `
  CREATE TABLE log_maintenance (
    task         TEXT    PRIMARY KEY,
    next_run_at  INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;
`;

export function migrate(db: Database.Database): void {
  const readVersion = (): number => db.pragma('user_version', { simple: true }) as number;
  db.transaction(() => {
    // Read again inside the write lock: another process may have created the schema meanwhile.
    const version = readVersion();
    if (version > SCHEMA_VERSION) {
      throw new Error(`event log schema version ${version} is newer than this code (${SCHEMA_VERSION})`);
    }
    if (version === 0) db.exec(SCHEMA_V1);
    if (version < 2) db.exec(SCHEMA_V2);
    if (version < SCHEMA_VERSION) db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}
