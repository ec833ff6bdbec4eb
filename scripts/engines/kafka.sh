#!/usr/bin/env bash
# Apache Kafka 3.9.1, one KRaft node (broker + controller) on 127.0.0.1, from Maven Central jars
# (docs/engines.md). Usually called by engines.sh, but works alone:
#   scripts/engines/kafka.sh up|down|status|restart
# Jars:            $ENGINES_HOME/cache/kafka/<version>-<pom hash>/libs   (resolved once with mvn)
# Data, logs, pid: $ENGINES_HOME/run/kafka                     (kept by down and restart)
# KAFKA_PORT (default 9092) is the client port; the controller listens on KAFKA_CONTROLLER_PORT
# (default KAFKA_PORT + 1). Clients never talk to the controller port.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
ENGINES_HOME="${ENGINES_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/pricecompare/engines}"

# Keep in step with kafka/pom.xml; the cache is keyed by the pom's hash too, so any edit of the
# pom resolves the jars again instead of reusing the old ones.
readonly version=3.9.1
pom_hash="$(sha256sum "$here/kafka/pom.xml" | cut -c1-8)"
readonly pom_hash
readonly port="${KAFKA_PORT:-9092}"
readonly controller_port="${KAFKA_CONTROLLER_PORT:-$((port + 1))}"
readonly cache="$ENGINES_HOME/cache/kafka/$version-$pom_hash"
readonly libs="$cache/libs"
readonly run="$ENGINES_HOME/run/kafka"
readonly data="$run/data"
readonly logs="$run/logs"
readonly pidfile="$run/kafka.pid"
readonly start_timeout_s="${KAFKA_START_TIMEOUT_S:-90}"
readonly stop_timeout_s="${KAFKA_STOP_TIMEOUT_S:-30}"

log() { echo "kafka: $*"; }

# Resolves the broker's jars once; a half-finished download is never mistaken for a cache.
fetch_jars() {
  [ -f "$libs/.complete" ] && return 0
  command -v mvn >/dev/null || { log "mvn not found (apt-get install -y maven)" >&2; return 1; }
  log "resolving org.apache.kafka:kafka_2.13:$version from Maven Central into $libs"
  local work="$cache/resolve"
  rm -rf "$work" "$libs"
  mkdir -p "$work"
  cp "$here/kafka/pom.xml" "$work/pom.xml"
  if ! (cd "$work" && mvn -B -q dependency:copy-dependencies -DoutputDirectory="$work/libs" -DincludeScope=runtime \
    >"$work/mvn.log" 2>&1); then
    log "mvn failed; its output:" >&2
    cat "$work/mvn.log" >&2
    return 1
  fi
  mv "$work/libs" "$libs"
  rm -rf "$work"
  touch "$libs/.complete"
}

# Runs one of Kafka's command-line classes from the cached jars with quiet logging, bounded in
# time so that a wedged broker cannot hang `status`.
kafka_tool() {
  timeout 60 java -Xmx256m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC \
    -Dlog4j.configuration="file:$here/kafka/tools-log4j.properties" \
    -cp "$libs/*" "$@"
}

render_config() {
  mkdir -p "$data" "$logs"
  sed -e "s|@PORT@|$port|g" -e "s|@CONTROLLER_PORT@|$controller_port|g" -e "s|@DATA_DIR@|$data|g" \
    "$here/kafka/server.properties" > "$run/server.properties"
}

# KRaft refuses to start on an unformatted log dir; formatting twice would fail, so only once.
format_storage() {
  [ -f "$data/meta.properties" ] && return 0
  local cluster_id
  cluster_id="$(kafka_tool kafka.tools.StorageTool random-uuid)"
  log "formatting storage in $data (cluster id $cluster_id)"
  kafka_tool kafka.tools.StorageTool format -t "$cluster_id" -c "$run/server.properties" >/dev/null
}

# The pid of our broker if it is alive (a stale pid file of a reused pid does not count).
running_pid() {
  [ -f "$pidfile" ] || return 1
  local pid
  pid="$(cat "$pidfile")"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
  [[ "$(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null)" == *kafka.Kafka* ]] && echo "$pid"
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; }

# True when a broker on the port serves metadata and API versions (it is registered and
# unfenced), which is what clients need; an open port alone is not enough.
answers() {
  port_open || return 1
  local versions
  versions="$(kafka_tool kafka.admin.BrokerApiVersionsCommand --bootstrap-server "127.0.0.1:$port" 2>/dev/null)" \
    || return 1
  [[ "$versions" == *"(id: "* ]]
}

up() {
  local pid=''
  if answers; then
    pid="$(running_pid)" || true
    log "already answering on 127.0.0.1:$port${pid:+ (pid $pid)}"
    return 0
  fi
  local started_at=$SECONDS
  fetch_jars
  render_config
  format_storage
  if ! pid="$(running_pid)"; then
    log "starting on 127.0.0.1:$port (controller $controller_port)"
    # setsid: the broker outlives the shell, the test or the job that started it. It must not
    # inherit the lock's descriptor (9), or it would hold the lock for as long as it runs.
    setsid nohup java -Xms512m -Xmx512m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 \
      -Djava.awt.headless=true -Dkafka.logs.dir="$logs" \
      -Dlog4j.configuration="file:$here/kafka/log4j.properties" \
      -cp "$libs/*" kafka.Kafka "$run/server.properties" >"$logs/stdout.log" 2>&1 </dev/null 9>&- &
    pid=$!
    echo "$pid" > "$pidfile"
  fi
  while ! answers; do
    if ! kill -0 "$pid" 2>/dev/null; then
      log "the broker exited during start; last lines of $logs/server.log:" >&2
      tail -n 30 "$logs/server.log" "$logs/stdout.log" >&2 2>/dev/null || true
      return 1
    fi
    if ((SECONDS - started_at > start_timeout_s)); then
      log "no answer on 127.0.0.1:$port after ${start_timeout_s}s; see $logs/server.log" >&2
      return 1
    fi
    sleep 1
  done
  log "answering on 127.0.0.1:$port (pid $pid) after $((SECONDS - started_at))s; logs in $logs"
}

down() {
  local pid
  if ! pid="$(running_pid)"; then
    rm -f "$pidfile"
    port_open && log "something else listens on 127.0.0.1:$port; not ours, left alone" >&2
    log "not running"
    return 0
  fi
  log "stopping pid $pid"
  kill -TERM "$pid" 2>/dev/null || true
  local waited=0
  while kill -0 "$pid" 2>/dev/null; do
    if ((waited >= stop_timeout_s * 10)); then
      log "still alive after ${stop_timeout_s}s; killing" >&2
      kill -KILL "$pid" 2>/dev/null || true
      break
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
  rm -f "$pidfile"
  log "stopped (data kept in $data)"
}

status() {
  local pid=''
  pid="$(running_pid)" || true
  if answers; then
    log "answering on 127.0.0.1:$port${pid:+ (pid $pid)}; logs in $logs"
    return 0
  fi
  log "not answering on 127.0.0.1:$port${pid:+ (pid $pid is alive)}"
  return 1
}

restart() { down && up; }

# Two callers (say, two test runs) must not start or stop the broker at the same time.
serialized() {
  mkdir -p "$run"
  exec 9>"$run/.lock"
  flock 9
  "$@"
}

case "${1:-status}" in
  up) serialized up ;;
  down) serialized down ;;
  status) status ;;
  restart) serialized restart ;;
  *)
    echo "usage: $0 up|down|status|restart" >&2
    exit 2
    ;;
esac
