# shellcheck shell=bash
# Sourced by ../elasticsearch.sh: starting, waiting for and stopping the server process.

PID_FILE_NAME=elasticsearch.pid

# The pid of our running server (from the pid file ES writes), or failure.
server_pid() {
  local file="$RUN_LINK/$PID_FILE_NAME" pid
  [ -f "$file" ] || return 1
  pid="$(cat "$file" 2>/dev/null)"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
  # A stale pid file may name a recycled pid: only a live Elasticsearch counts.
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'org.elasticsearch' || return 1
  echo "$pid"
}

java_home() {
  dirname "$(dirname "$(readlink -f "$(command -v java)")")"
}

launch() {
  echo "elasticsearch: starting $ES_VERSION as $ES_USER (data in $RUN_DIR)"
  rm -f "$RUN_DIR/$PID_FILE_NAME"
  # 9>&-: the server must not inherit the `up` lock.
  # -d: the launcher returns once the node started and leaves only the server running; setsid
  # detaches it from this shell's session so it outlives the caller (jest, a terminal).
  setsid runuser -u "$ES_USER" -- env -i \
    PATH=/usr/local/bin:/usr/bin:/bin \
    ES_JAVA_HOME="$(java_home)" \
    ES_PATH_CONF="$RUN_DIR/config" \
    ES_TMPDIR="$RUN_DIR/tmp" \
    ES_JAVA_OPTS="-Xms${ELASTICSEARCH_HEAP:-512m} -Xmx${ELASTICSEARCH_HEAP:-512m}" \
    "$ES_HOME/bin/elasticsearch" -d -p "$RUN_DIR/$PID_FILE_NAME" \
    >"$RUN_DIR/logs/launcher.log" 2>&1 </dev/null 9>&- &
  LAUNCHER_PID=$!
}

wait_until_answering() {
  local started="$1"
  while ! answers; do
    if [ -n "${LAUNCHER_PID:-}" ] && ! kill -0 "$LAUNCHER_PID" 2>/dev/null; then
      # The launcher is gone: fine if the server runs, a failed start otherwise.
      if ! wait "$LAUNCHER_PID"; then fail_start "the launcher failed"; fi
      LAUNCHER_PID=""
      server_pid >/dev/null || fail_start "no server process"
    fi
    ((SECONDS - started < START_TIMEOUT)) || fail_start "not answering after ${START_TIMEOUT}s"
    sleep 1
  done
  echo "elasticsearch: up at $URL ($((SECONDS - started))s)"
}

fail_start() {
  echo "elasticsearch: start failed: $1; last log lines ($RUN_DIR/logs):" >&2
  tail -n 20 "$RUN_DIR/logs/launcher.log" >&2 2>/dev/null || true
  tail -n 20 "$RUN_DIR/logs/pricecompare-dev.log" >&2 2>/dev/null || true
  exit 1
}

# SIGTERM lets ES flush and close shards; SIGKILL only after STOP_TIMEOUT.
stop_server() {
  local pid
  if ! pid="$(server_pid)"; then
    echo "elasticsearch: not running"
    rm -f "$RUN_LINK/$PID_FILE_NAME"
    return 0
  fi
  echo "elasticsearch: stopping pid $pid"
  kill -TERM "$pid" 2>/dev/null || true
  local deadline=$((SECONDS + STOP_TIMEOUT))
  while kill -0 "$pid" 2>/dev/null; do
    if ((SECONDS >= deadline)); then
      echo "elasticsearch: still running after ${STOP_TIMEOUT}s, killing it" >&2
      kill -KILL "$pid" 2>/dev/null || true
      break
    fi
    sleep 0.5
  done
  while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
  rm -f "$RUN_LINK/$PID_FILE_NAME"
  echo "elasticsearch: stopped"
}
