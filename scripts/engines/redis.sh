#!/usr/bin/env bash
# Redis for the cluster profile (docs/engines.md): our own redis-server on 127.0.0.1:${REDIS_PORT:-6379},
# never the Debian system service.   scripts/engines/redis.sh up|down|status|restart
# Data, log, pid and config live in $ENGINES_HOME/run/redis. AOF with appendfsync everysec, so
# `restart` (a clean SHUTDOWN, which fsyncs the AOF) keeps every acknowledged write.
set -euo pipefail
export ENGINES_HOME="${ENGINES_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/pricecompare/engines}"
port="${REDIS_PORT:-6379}"
run="$ENGINES_HOME/run/redis"
pidfile="$run/redis.pid"
logfile="$run/redis.log"
conf="$run/redis.conf"

# redis-cli with a timeout, so a wedged server never hangs the script.
cli() { timeout 5 redis-cli -h 127.0.0.1 -p "$port" "$@"; }
answers() { [ "$(cli PING 2>/dev/null)" = "PONG" ]; }
# Alive and still a redis-server: a stale pidfile whose pid was reused is not ours to stop.
pid_alive() {
  [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null &&
    [ "$(ps -p "$(cat "$pidfile")" -o comm= 2>/dev/null)" = "redis-server" ]
}
# The server on the port is ours when it reports the pid our pidfile holds.
ours() {
  pid_alive || return 1
  local reported
  reported="$(cli INFO server 2>/dev/null | tr -d '\r' | sed -n 's/^process_id://p')"
  [ "$reported" = "$(cat "$pidfile")" ]
}

# The Debian package may start (and enable) its own service on 6379; it would take our port.
stop_system_service() {
  [ -e /lib/systemd/system/redis-server.service ] || [ -e /etc/init.d/redis-server ] || return 0
  if [ -d /run/systemd/system ]; then
    systemctl disable --now redis-server >/dev/null 2>&1 || true
  else
    service redis-server stop >/dev/null 2>&1 || true
    update-rc.d redis-server disable >/dev/null 2>&1 || true
  fi
}

install() {
  command -v redis-server >/dev/null && command -v redis-cli >/dev/null && return 0
  echo "redis: installing redis-server from Debian"
  export DEBIAN_FRONTEND=noninteractive
  # Wait for a concurrent apt/dpkg (another engine script) instead of failing on the lock.
  apt-get -o DPkg::Lock::Timeout=300 update -qq
  apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends redis-server >/dev/null
  stop_system_service
}

write_conf() {
  mkdir -p "$run/data"
  cat > "$conf" <<EOF
# written by scripts/engines/redis.sh — edit the script, not this file
bind 127.0.0.1
port $port
daemonize yes
pidfile "$pidfile"
logfile "$logfile"
dir "$run/data"
appendonly yes
appendfsync everysec
save ""
EOF
}

up() {
  install
  if ours && answers; then
    echo "redis: already running (pid $(cat "$pidfile")) on 127.0.0.1:$port"
    return 0
  fi
  if answers; then
    # Something else holds the port: the system service is ours to stop, anything else is not.
    stop_system_service
    sleep 1
    if answers; then
      echo "redis: another server answers on 127.0.0.1:$port; stop it or set REDIS_PORT" >&2
      return 1
    fi
  fi
  rm -f "$pidfile"
  write_conf
  redis-server "$conf"
  for _ in $(seq 1 150); do
    if answers; then
      echo "redis: up (pid $(cat "$pidfile" 2>/dev/null || echo '?')) on 127.0.0.1:$port, $(redis-server --version | grep -o 'v=[0-9.]*')"
      return 0
    fi
    sleep 0.2
  done
  echo "redis: did not answer PING within 30 s; last log lines:" >&2
  tail -n 20 "$logfile" >&2 || true
  return 1
}

down() {
  if ! pid_alive; then
    rm -f "$pidfile"
    echo "redis: not running"
    return 0
  fi
  local pid
  pid="$(cat "$pidfile")"
  # SHUTDOWN flushes and fsyncs the AOF; a kill -9 would lose up to a second of writes. When ours
  # does not answer, SIGTERM asks for the same clean shutdown.
  if ours; then cli SHUTDOWN >/dev/null 2>&1 || true; else kill -TERM "$pid" 2>/dev/null || true; fi
  for _ in $(seq 1 100); do
    kill -0 "$pid" 2>/dev/null || { rm -f "$pidfile"; echo "redis: stopped"; return 0; }
    sleep 0.2
  done
  echo "redis: no exit 20 s after SHUTDOWN; killing pid $pid" >&2
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$pidfile"
}

status() {
  if command -v redis-cli >/dev/null && ours && answers; then
    echo "redis: running (pid $(cat "$pidfile")) on 127.0.0.1:$port, data in $run/data"
    return 0
  fi
  echo "redis: stopped"
  return 1
}

case "${1:-status}" in
  up) up ;;
  down) down ;;
  status) status ;;
  restart) down && up ;;
  *)
    echo "usage: $0 up|down|status|restart" >&2
    exit 2
    ;;
esac
