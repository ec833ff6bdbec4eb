#!/usr/bin/env bash
# MongoDB's wire protocol for the cluster profile (docs/engines.md): FerretDB v1.24.2 on SQLite, run by
# a wrapper main of ours (scripts/engines/mongodb/main.go), on 127.0.0.1:${MONGODB_PORT:-27017}.
#   scripts/engines/mongodb.sh up|down|status|restart
# The binary is built from the Go module proxy once and cached in $ENGINES_HOME/cache/mongodb,
# keyed on the hash of main.go/go.mod/go.sum (a cold build takes minutes on 2 cores). Data (one
# SQLite file per database), log and pid live in $ENGINES_HOME/run/mongodb; `restart` keeps data.
# Where a real mongod exists, point MONGODB_URI at it instead: this script is only for FerretDB.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export ENGINES_HOME="${ENGINES_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/pricecompare/engines}"
port="${MONGODB_PORT:-27017}"
src="$here/mongodb"
cache="$ENGINES_HOME/cache/mongodb"
run="$ENGINES_HOME/run/mongodb"
pidfile="$run/ferretdb.pid"
logfile="$run/ferretdb.log"
uri="mongodb://127.0.0.1:$port/"

key="$(cat "$src/main.go" "$src/go.mod" "$src/go.sum" | sha256sum | cut -c1-16)"
bin="$cache/pc-ferretdb-$key"

answers() { node "$src/ping.cjs" "$uri" "${1:-0}" >/dev/null 2>&1; }
pid_alive() { [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; }
# Ours when our pid is alive and listens on the port (not some other server that answers there).
ours() {
  pid_alive || return 1
  local hex
  hex="$(printf '%04X' "$port")"
  # Socket inodes our process holds, against the listening sockets on the port (state 0A).
  local inodes
  inodes="$(awk -v p=":$hex" '$2 ~ p"$" && $4 == "0A" {print $10}' /proc/net/tcp /proc/net/tcp6 2>/dev/null)"
  [ -n "$inodes" ] || return 1
  local fd
  for fd in /proc/"$(cat "$pidfile")"/fd/*; do
    case "$(readlink "$fd" 2>/dev/null)" in
      socket:\[*\]) grep -qx "$(readlink "$fd" | tr -dc '0-9')" <<<"$inodes" && return 0 ;;
    esac
  done
  return 1
}

build() {
  [ -x "$bin" ] && return 0
  mkdir -p "$cache"
  # One build at a time (two `up`s in parallel would both compile for minutes).
  exec 9>"$cache/build.lock"
  flock 9
  if [ ! -x "$bin" ]; then
    echo "mongodb: building FerretDB v1.24.2 wrapper (cold: several minutes on 2 cores)"
    local started=$SECONDS
    # -mod=mod: resolve from go.mod/go.sum via the module proxy. No PostgreSQL backend: only
    # the SQLite handler is used, and leaving pgx out shortens the build.
    (cd "$src" && GOFLAGS="-mod=mod -buildvcs=false" go build -trimpath -tags ferretdb_no_postgresql -o "$bin.tmp" .)
    mv "$bin.tmp" "$bin"
    # Binaries of older main.go/go.mod versions are of no further use.
    find "$cache" -maxdepth 1 -name 'pc-ferretdb-*' ! -name "pc-ferretdb-$key" -delete
    echo "mongodb: built in $((SECONDS - started)) s: $bin"
  fi
  flock -u 9
}

start() {
  mkdir -p "$run/data"
  rm -f "$pidfile"
  # setsid: its own session, so a test runner or shell that kills its process group on exit
  # does not take the server with it.
  setsid "$bin" -listen "127.0.0.1:$port" -dir "$run/data" >>"$logfile" 2>&1 </dev/null &
  echo $! >"$pidfile"
}

up() {
  build
  if pid_alive; then
    # Ours is running (or still starting): give it the usual start-up time before giving up on it.
    if answers 30; then
      echo "mongodb: already running (pid $(cat "$pidfile")) at $uri"
      return 0
    fi
    echo "mongodb: pid $(cat "$pidfile") does not answer; restarting it" >&2
    down
  fi
  if answers; then
    echo "mongodb: another server answers at $uri; stop it or set MONGODB_PORT" >&2
    return 1
  fi
  start
  local deadline=$((SECONDS + 60))
  while [ $SECONDS -lt $deadline ]; do
    if answers 2; then
      echo "mongodb: up (pid $(cat "$pidfile")) at $uri, FerretDB v1.24.2 (SQLite in $run/data)"
      return 0
    fi
    pid_alive || break
  done
  echo "mongodb: did not answer ping within 60 s; last log lines:" >&2
  tail -n 20 "$logfile" >&2 || true
  return 1
}

down() {
  if ! pid_alive; then
    rm -f "$pidfile"
    echo "mongodb: not running"
    return 0
  fi
  local pid
  pid="$(cat "$pidfile")"
  # SIGTERM: the wrapper closes connections and the SQLite databases before it exits.
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 75); do
    kill -0 "$pid" 2>/dev/null || { rm -f "$pidfile"; echo "mongodb: stopped"; return 0; }
    sleep 0.2
  done
  echo "mongodb: no exit 15 s after SIGTERM; killing pid $pid" >&2
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$pidfile"
}

status() {
  if ours && answers; then
    echo "mongodb: running (pid $(cat "$pidfile")) at $uri, data in $run/data"
    return 0
  fi
  echo "mongodb: stopped"
  return 1
}

case "${1:-status}" in
  up) up ;;
  down) down ;;
  status) status ;;
  restart) down && up ;;
  build) build ;;
  *)
    echo "usage: $0 up|down|status|restart|build" >&2
    exit 2
    ;;
esac
